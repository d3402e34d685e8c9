import { useTranslation } from 'react-i18next';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { productPriceRule, type PayAdminPriceItem, type PayAdminProductItem } from '@gp/contracts/pay-admin';
import { decimalToMinor, formatMoney, marketDecimal, minorToDecimal } from '@gp/i18n/format';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import { useFormSave } from '../../../lib/use-form-save.ts';
import layout from '../../../lib/layout.module.css';

/**
 * Changes one price of a product (a currency through a payment mode), typed in the currency's units ("549.00",
 * "15000" rupiah). It says plainly that the new price is for new orders only. A refusal keeps the typed price.
 */
export function PriceDialog({
  gameBaseId,
  product,
  price,
  onClose,
  onSaved,
}: {
  gameBaseId: number;
  product: PayAdminProductItem;
  price: PayAdminPriceItem;
  onClose: () => void;
  onSaved: (product: PayAdminProductItem) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const [form] = Form.useForm<{ amount: string }>();
  const { sending, alert, save } = useFormSave(form);
  const typed = Form.useWatch('amount', form) ?? '';
  const minor = decimalToMinor(typed, price.exponent);
  // The field starts as the market writes the price (no ".00" on rupiah); the hint's example shows every decimal
  // the currency allows.
  const current = marketDecimal(price.product_price, price.currency, price.exponent);
  const example = minorToDecimal(price.product_price, price.exponent);
  const hint =
    price.exponent === 0
      ? t('pay.price.hintWhole', { currency: price.currency })
      : t('pay.price.hint', { decimals: price.exponent, example });
  const format = (value: number) => formatMoney(value, price.currency, price.exponent, i18n.language);

  const submit = () =>
    save(
      async ({ amount }) => {
        const saved = await payCalls.setPrice({
          game_base_id: gameBaseId,
          product_id: product.product_id,
          currency: price.currency,
          pay_mode: price.pay_mode,
          product_price: decimalToMinor(amount, price.exponent)!,
        });
        onSaved(saved);
      },
      (error) => payErrorText(t, error),
    );

  return (
    <Modal
      open
      title={t('pay.price.title', { product: product.product_name })}
      okText={t('pay.price.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
    >
      <Alert type="info" showIcon title={t('pay.price.newOrdersOnly')} className={layout.gapBelow} />
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      <Descriptions
        column={1}
        size="small"
        className={layout.gapBelow}
        items={[
          { key: 'currency', label: t('pay.price.currency'), children: price.currency },
          { key: 'mode', label: t('pay.price.payMode'), children: payModeLabel(t, price.pay_mode) },
          { key: 'current', label: t('pay.price.current'), children: format(price.product_price) },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: current }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="amount"
          label={t('pay.price.newPrice', { currency: price.currency })}
          extra={minor !== null && minor > 0 ? t('pay.price.preview', { price: format(minor) }) : hint}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) => {
                const parsed = typeof value === 'string' ? decimalToMinor(value, price.exponent) : null;
                if (parsed === null || !productPriceRule.safeParse(parsed).success)
                  return Promise.reject(new Error(`${t('pay.price.rule')} ${hint}`));
                if (parsed === price.product_price)
                  return Promise.reject(new Error(t('pay.price.unchanged')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" suffix={price.currency} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
