import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { currencyExponent, payModes, type PayMode } from '@gp/contracts/pay';
import type { PayAdminProductItem } from '@gp/contracts/pay-admin';
import type { PayPriceLimits } from '@gp/contracts/pay-catalog-authoring';
import { decimalToMinor, formatMoney, minorToDecimal } from '@gp/i18n/format';
import { useFormSave } from '../../../lib/use-form-save.ts';
import { authoringCalls } from '../api/authoring.calls.ts';
import { authoringErrorText, authoringFieldErrors } from '../model/authoring-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import layout from '../../../lib/layout.module.css';

interface PriceValues {
  currency: string | undefined;
  pay_mode: PayMode | undefined;
  amount: string;
}

/**
 * Adds a price to a product: a currency the game sells in, a payment mode, and the amount typed in the
 * currency's units ("35.00" baht, "119000" dong). It shows what the payment providers that would take the price
 * accept for that currency and mode, checks the decimals and those limits before sending, and the server checks
 * them again. A refusal keeps what was typed.
 */
export function PriceEditor({
  gameBaseId,
  product,
  currencies,
  onClose,
  onSaved,
}: {
  gameBaseId: number;
  product: PayAdminProductItem;
  /** The currencies the game sells in, in display order. */
  currencies: readonly string[];
  onClose: () => void;
  onSaved: (product: PayAdminProductItem) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const [form] = Form.useForm<PriceValues>();
  const { sending, alert, save } = useFormSave(form);
  const currency = Form.useWatch('currency', form);
  const payMode = Form.useWatch('pay_mode', form);
  const [limits, setLimits] = useState<PayPriceLimits | null>(null);
  const exponent = currency ? currencyExponent(currency) : 2;
  const money = (minor: number) => (currency ? formatMoney(minor, currency, exponent, i18n.language) : '');

  useEffect(() => {
    if (!currency || payMode === undefined) return;
    let live = true;
    authoringCalls
      .priceLimits({ game_base_id: gameBaseId, currency, pay_mode: payMode })
      .then((answer) => live && setLimits(answer))
      .catch(() => live && setLimits(null));
    return () => {
      live = false;
    };
  }, [gameBaseId, currency, payMode]);
  const current = limits && limits.currency === currency && limits.pay_mode === payMode ? limits : null;

  const submit = () =>
    save(
      async (values) => {
        const minor = decimalToMinor(values.amount, exponent)!;
        const saved = await authoringCalls.savePrice({
          game_base_id: gameBaseId,
          product_id: product.product_id,
          currency: values.currency!,
          pay_mode: values.pay_mode!,
          amount: minorToDecimal(minor, exponent),
        });
        onSaved(saved);
      },
      (error) => {
        const fields = authoringFieldErrors(t, error, ['currency', 'pay_mode', 'amount']);
        if (fields.length === 0) return authoringErrorText(t, error);
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        return null;
      },
    );

  const hint =
    exponent === 0
      ? t('pay.price.hintWhole', { currency: currency ?? '' })
      : t('pay.price.hint', {
          decimals: exponent,
          example: minorToDecimal(3500 * 10 ** (exponent - 2), exponent),
        });
  return (
    <Modal
      open
      title={t('pay.authoring.price.addTitle', { product: product.product_name })}
      okText={t('pay.authoring.price.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
    >
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      {currencies.length === 0 ? (
        <Alert type="warning" showIcon title={t('pay.authoring.price.noCurrencies')} />
      ) : (
        <Form<PriceValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ currency: currencies[0], pay_mode: undefined, amount: '' }}
          onFinish={() => void submit()}
        >
          <Form.Item
            name="currency"
            label={t('pay.price.currency')}
            rules={[{ required: true, message: t('pay.authoring.price.currencyRule') }]}
          >
            <Select options={currencies.map((c) => ({ value: c, label: c }))} className={layout.control} />
          </Form.Item>
          <Form.Item
            name="pay_mode"
            label={t('pay.price.payMode')}
            rules={[{ required: true, message: t('pay.authoring.price.payModeRule') }]}
          >
            <Select
              options={payModes.map((mode) => ({ value: mode, label: payModeLabel(t, mode) }))}
              className={layout.controlWide}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('pay.authoring.price.amount', { currency: currency ?? '' })}
            extra={
              <>
                <div>{hint}</div>
                {current && (
                  <Typography.Text type="secondary">
                    {t('pay.authoring.price.limits', { min: money(current.min), max: money(current.max) })}
                  </Typography.Text>
                )}
              </>
            }
            rules={[
              {
                validator: (_rule: unknown, value: unknown) => {
                  const minor = typeof value === 'string' ? decimalToMinor(value, exponent) : null;
                  if (minor === null || minor <= 0)
                    return Promise.reject(new Error(`${t('pay.price.rule')} ${hint}`));
                  if (current && minor < current.min)
                    return Promise.reject(
                      new Error(t('pay.authoring.price.belowMinimum', { min: money(current.min) })),
                    );
                  if (current && minor > current.max)
                    return Promise.reject(
                      new Error(t('pay.authoring.price.aboveMaximum', { max: money(current.max) })),
                    );
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" suffix={currency} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
