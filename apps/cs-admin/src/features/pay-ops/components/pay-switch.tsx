import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import type { PayAdminSwitchData } from '@gp/contracts/pay-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import layout from '../../../lib/layout.module.css';
import { tones } from '../../../lib/theme.ts';

/**
 * A distribution region's pay switch. Turning it off stops every top-up of the region, so it asks first; turning
 * it on takes effect for the next order. The region is chosen above it (the site's by default).
 */
export function PaySwitch({
  region,
  data,
  error,
  onRegion,
}: {
  region: number;
  data: PayAdminSwitchData | null;
  error: unknown;
  onRegion: (region: number) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const { message, modal } = App.useApp();
  const [current, setCurrent] = useState(data);
  const [sending, setSending] = useState(false);
  const on = current?.main_switch_status === 1;

  const change = async (next: boolean) => {
    setSending(true);
    try {
      const answer = await payCalls.setPaySwitch({
        distribution_region: region,
        main_switch_status: next ? 1 : 0,
      });
      setCurrent(answer);
      void message.success(t(next ? 'pay.switch.turnedOn' : 'pay.switch.turnedOff', { region }));
    } catch (failure) {
      void message.error(payErrorText(t, failure));
    } finally {
      setSending(false);
    }
  };

  const ask = (next: boolean) => {
    if (next) {
      void change(true);
      return;
    }
    void modal.confirm({
      title: t('pay.switch.offTitle', { region }),
      content: t('pay.switch.offConfirm', { region }),
      okText: t('pay.switch.turnOff'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => change(false),
    });
  };

  return (
    <section aria-labelledby="pay-switch-heading">
      <Typography.Title level={2} id="pay-switch-heading" className={layout.large}>
        {t('pay.switch.title')}
      </Typography.Title>
      <Flex gap={24} wrap align="flex-end">
        <Form
          layout="inline"
          initialValues={{ region }}
          onFinish={(values: { region: number | null }) => {
            if (values.region) onRegion(values.region);
          }}
        >
          <Form.Item
            name="region"
            label={t('pay.switch.region')}
            rules={[{ required: true, message: t('pay.switch.regionRule') }]}
          >
            <InputNumber min={1} max={2_147_483_647} precision={0} className={layout.controlNarrow} />
          </Form.Item>
          <Button htmlType="submit">{t('pay.switch.show')}</Button>
        </Form>
        {current && (
          <Space size={12} align="center" wrap>
            <Switch
              checked={on}
              loading={sending}
              disabled={sending}
              aria-label={t('pay.switch.label', { region })}
              onChange={ask}
            />
            {on ? (
              <Tag color={tones.success}>{t('pay.switch.on')}</Tag>
            ) : (
              <Tag color={tones.danger}>{t('pay.switch.off')}</Tag>
            )}
            <Typography.Text type="secondary">
              {t('pay.switch.changedAt', {
                time: formatDate(current.updated_at, i18n.language, { style: mediumDateTimeSeconds }),
              })}
            </Typography.Text>
          </Space>
        )}
      </Flex>
      {current && !on && (
        <Alert
          type="warning"
          showIcon
          title={t('pay.switch.offNotice', { region })}
          className={layout.gapAboveSmall}
        />
      )}
      {!current && error !== null && (
        <Alert type="error" showIcon title={payErrorText(t, error)} className={layout.gapAboveSmall} />
      )}
    </section>
  );
}
