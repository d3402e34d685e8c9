import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Tag, Typography } from 'antd';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { formatDate, formatMoney, mediumDateTimeSeconds } from '@gp/i18n/format';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import {
  refundableStates,
  refundReasonLabel,
  reversalColour,
  reversalLabel,
  staffRefundReasons,
  type StaffRefundReason,
} from '../model/refund-labels.ts';
import { useFormSave } from '../../../lib/use-form-save.ts';
import { Facts } from '../../../lib/facts.tsx';
import layout from '../../../lib/layout.module.css';

/**
 * The refund part of the order panel: the dispute flag when the player disputed the payment,
 * the refund when there is one (why, by whom, the provider's refund, and whether the game server took the credit
 * back), and "Refund order" for a paid order not refunded yet, which asks for a reason first.
 */
export function RefundSection({
  order,
  onRefunded,
}: {
  order: PayAdminOrderDetail;
  onRefunded: (order: PayAdminOrderDetail) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const [asking, setAsking] = useState(false);
  const time = (iso: string) => formatDate(iso, i18n.language, { style: mediumDateTimeSeconds });
  const { refund, dispute } = order;
  return (
    <section aria-labelledby="order-refund">
      <Typography.Title level={3} id="order-refund" className={layout.large}>
        {t('refunds.title')}
      </Typography.Title>
      <Flex vertical gap={12}>
        {dispute && (
          <Alert
            type="warning"
            showIcon
            title={t('refunds.disputeTitle')}
            description={`${t('refunds.dispute', {
              reason: dispute.reason,
              status: dispute.status,
              opened: time(dispute.opened_at),
            })}${dispute.closed_at ? ` ${t('refunds.disputeClosed', { closed: time(dispute.closed_at) })}` : ''}`}
          />
        )}
        {refund && (
          <Facts
            items={[
              {
                key: 'reason',
                label: t('refunds.fields.reason'),
                children: refundReasonLabel(t, refund.reason),
              },
              ...(refund.note
                ? [{ key: 'note', label: t('refunds.fields.note'), children: refund.note }]
                : []),
              {
                key: 'by',
                label: t('refunds.fields.by'),
                children: refund.staff_account_id ?? t('refunds.fields.byProvider'),
              },
              { key: 'ref', label: t('refunds.fields.ref'), children: refund.refund_ref ?? '—' },
              { key: 'at', label: t('refunds.fields.at'), children: time(refund.refunded_at) },
              {
                key: 'reversal',
                label: t('refunds.fields.reversal'),
                children: (
                  <Tag color={reversalColour(refund.reversal_status)}>
                    {reversalLabel(t, refund.reversal_status)}
                  </Tag>
                ),
              },
              ...(refund.reversal_reason
                ? [
                    {
                      key: 'answer',
                      label: t('refunds.fields.reversalReason'),
                      children: <span className={layout.breakWord}>{refund.reversal_reason}</span>,
                    },
                  ]
                : []),
              ...(refund.reversed_at
                ? [
                    {
                      key: 'reversed',
                      label: t('refunds.fields.reversedAt'),
                      children: time(refund.reversed_at),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {!refund && refundableStates.includes(order.state) && (
          <div>
            <Button danger onClick={() => setAsking(true)}>
              {t('refunds.action')}
            </Button>
          </div>
        )}
      </Flex>
      {asking && (
        <RefundDialog
          order={order}
          amount={formatMoney(order.product_price, order.currency, order.exponent, i18n.language)}
          onClose={() => setAsking(false)}
          onRefunded={(refunded) => {
            setAsking(false);
            onRefunded(refunded);
          }}
        />
      )}
    </section>
  );
}

function RefundDialog({
  order,
  amount,
  onClose,
  onRefunded,
}: {
  order: PayAdminOrderDetail;
  amount: string;
  onClose: () => void;
  onRefunded: (order: PayAdminOrderDetail) => void;
}) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: StaffRefundReason; note?: string }>();
  const { sending, alert, save } = useFormSave(form);

  const submit = () =>
    save(
      async (values) => {
        const note = values.note?.trim();
        const refunded = await payCalls.refund({
          order_no: order.order_no,
          reason: values.reason!,
          ...(note ? { note } : {}),
        });
        void message.success(t('refunds.done', { orderNo: order.order_no }));
        onRefunded(refunded);
      },
      (error) => payErrorText(t, error),
    );

  return (
    <Modal
      open
      title={t('refunds.dialogTitle', { orderNo: order.order_no })}
      okText={t('refunds.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('refunds.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
    >
      <Typography.Paragraph>
        {t('refunds.dialogIntro', { amount, provider: order.provider })}
      </Typography.Paragraph>
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('refunds.reason')}
          rules={[{ required: true, message: t('refunds.reasonRequired') }]}
        >
          <Radio.Group>
            <Flex vertical gap={4}>
              {staffRefundReasons.map((code) => (
                <Radio key={code} value={code}>
                  {refundReasonLabel(t, code)}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="note"
          label={t('refunds.note')}
          extra={t('refunds.noteHelp')}
          dependencies={['reason']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule: unknown, value: unknown) =>
                getFieldValue('reason') === 'other' && !(typeof value === 'string' && value.trim())
                  ? Promise.reject(new Error(t('refunds.noteRequired')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
