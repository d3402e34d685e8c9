import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { editLanguages, type EditLanguage } from '@gp/contracts/catalog-admin';
import { currencyExponent, payModes } from '@gp/contracts/pay';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import {
  channelKeyRule,
  channelLimitRule,
  channelNameRule,
  channelSortRule,
  type PayChannelProviderData,
} from '@gp/contracts/pay-channel-authoring';
import { decimalToMinor, marketDecimal, minorToDecimal } from '@gp/i18n/format';
import { optionOf } from '@gp/i18n/languages';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useFormSave } from '../../../lib/use-form-save.ts';
import { channelCalls } from '../api/channel-authoring.calls.ts';
import {
  channelFieldErrors,
  keyTakes,
  providerInUse,
  setupProblem,
  unpayableText,
} from '../model/channel-setup.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import layout from '../../../lib/layout.module.css';

interface ChannelValues {
  currency: string;
  pay_mode: number;
  payment_type: string;
  /** '' : the site's own provider (PAY_PROVIDER). */
  provider: string;
  method_keys: string[];
  /** Limits as typed in the currency's units ("500.00", "15000" rupiah); empty: no limit. */
  min: string;
  max: string;
  names: Record<EditLanguage, string>;
  sort: number | null;
  is_open: boolean;
}

function initialValues(channel: PayAdminChannelItem | null, currencies: readonly string[]): ChannelValues {
  const amount = (minor: number | null | undefined) =>
    minor == null ? '' : marketDecimal(minor, channel!.currency, channel!.exponent);
  return {
    currency: channel?.currency ?? currencies[0] ?? '',
    pay_mode: channel?.pay_mode ?? 108,
    payment_type: channel?.payment_type ?? '',
    provider: channel?.provider ?? '',
    method_keys: channel?.method_keys ?? [],
    min: amount(channel?.min_amount),
    max: amount(channel?.max_amount),
    names: Object.fromEntries(editLanguages.map((l) => [l, channel?.names[l] ?? ''])) as Record<
      EditLanguage,
      string
    >,
    sort: channel?.sort ?? 0,
    is_open: channel ? channel.is_open === 1 : false,
  };
}

/**
 * Add a payment channel to a game or edit one: currency (fixed once it exists), payment mode and method, the
 * provider that takes it and the provider's method keys, per-order limits typed in the currency, names in the five
 * languages (en required), display order and on/off. The on/off switch is disabled, with the reason, while the
 * chosen provider could not take the channel here (the API refuses it too). A refusal keeps what was typed.
 * Mounted only while open.
 */
export function ChannelEditor({
  gameBaseId,
  currencies,
  channel,
  providers,
  onClose,
  onSaved,
}: {
  gameBaseId: number;
  /** The currencies the game sells in (a new channel's choices). */
  currencies: readonly string[];
  /** The channel to edit; null to add one. */
  channel: PayAdminChannelItem | null;
  providers: PayChannelProviderData;
  onClose: () => void;
  onSaved: (saved: PayAdminChannelItem, created: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<ChannelValues>();
  const { sending, alert, save } = useFormSave(form);
  const initial = initialValues(channel, currencies);
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? initial.currency;
  const provider = (Form.useWatch('provider', form) as string | undefined) ?? initial.provider;
  const methodKeys = (Form.useWatch('method_keys', form) as string[] | undefined) ?? initial.method_keys;
  const exponent = currencyExponent(currency || 'USD');
  const inUse = providerInUse(provider || null, providers);
  const inUseItem = providers.providers.find((p) => p.provider === inUse);
  const problem = setupProblem({ provider: provider || null, method_keys: methodKeys, currency }, providers);
  const problemText = problem ? unpayableText(t, problem, { provider_in_use: inUse, currency }) : undefined;

  const amountHint =
    exponent === 0
      ? t('pay.channels.amountWhole', { currency })
      : t('pay.channels.amountHint', { decimals: exponent, example: minorToDecimal(50000, exponent) });
  const amountRule = {
    validator: (_rule: unknown, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
      const minor = decimalToMinor(value, exponent);
      return minor !== null && channelLimitRule.safeParse(minor).success
        ? Promise.resolve()
        : Promise.reject(new Error(`${t('pay.channels.rule.amount')} ${amountHint}`));
    },
  };
  const minorOf = (value: string) => (value.trim() === '' ? null : decimalToMinor(value, exponent));

  const submit = () =>
    save(
      async (values) => {
        const names = Object.fromEntries(
          editLanguages.map((l) => [l, values.names[l]?.trim() ? values.names[l].trim() : null]),
        ) as Record<EditLanguage, string | null> & { en: string };
        const edit = {
          pay_mode: values.pay_mode as (typeof payModes)[number],
          payment_type: values.payment_type.trim(),
          provider: values.provider || null,
          // Keys belong to the provider in use; one that takes none is sent none.
          method_keys: inUseItem?.method_keys ? values.method_keys : [],
          min_amount: minorOf(values.min),
          max_amount: minorOf(values.max),
          names,
          sort: values.sort ?? 0,
          is_open: values.is_open && !problem ? (1 as const) : (0 as const),
        };
        const saved = channel
          ? await channelCalls.save({ pay_channel_id: channel.pay_channel_id, ...edit })
          : await channelCalls.create({ game_base_id: gameBaseId, currency: values.currency, ...edit });
        onSaved(saved, !channel);
      },
      (error) => {
        const fields = channelFieldErrors(t, error);
        if (fields.length === 0) return payErrorText(t, error);
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        return null;
      },
    );

  const providerLabel = (name: string) => {
    const item = providers.providers.find((p) => p.provider === name);
    return item?.configured === 1 ? name : t('pay.channels.providerNotSetUp', { provider: name });
  };
  const nameRule = zodRule(channelNameRule, t('pay.channels.rule.name'));

  return (
    <Modal
      open
      title={
        channel
          ? t('pay.channels.editTitle', { name: channel.channel_name, currency: channel.currency })
          : t('pay.channels.addTitle')
      }
      okText={channel ? t('common.save') : t('pay.channels.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      width={720}
    >
      <Form<ChannelValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onValuesChange={(_changed, all) => {
          // A setup that cannot take payments here cannot stay switched on.
          const next = setupProblem(
            { provider: all.provider || null, method_keys: all.method_keys ?? [], currency: all.currency },
            providers,
          );
          if (next && all.is_open) form.setFieldValue('is_open', false);
        }}
      >
        {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
        <Form.Item name="currency" label={t('pay.channels.currency')}>
          <Select
            disabled={!!channel}
            className={layout.control}
            options={currencies.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item name="pay_mode" label={t('pay.channels.payMode')} extra={t('pay.channels.payModeHint')}>
          <Select
            className={layout.control}
            options={payModes.map((m) => ({ value: m, label: `${payModeLabel(t, m)} (${m})` }))}
          />
        </Form.Item>
        <Form.Item
          name="payment_type"
          label={t('pay.channels.paymentType')}
          extra={t('pay.channels.paymentTypeHint')}
          rules={[zodRule(channelKeyRule, t('pay.channels.rule.key'))]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={64} autoFocus={!channel} />
        </Form.Item>
        <Form.Item
          name="provider"
          label={t('pay.channels.provider')}
          extra={
            inUseItem && inUseItem.configured !== 1
              ? t('pay.channels.settingsHint', { provider: inUse, settings: inUseItem.settings })
              : undefined
          }
        >
          <Select
            className={layout.control}
            options={[
              {
                value: '',
                label: providers.deployment_provider
                  ? t('pay.channels.providerDefault', { provider: providers.deployment_provider })
                  : t('pay.channels.providerDefaultNone'),
              },
              ...providers.providers.map((p) => ({ value: p.provider, label: providerLabel(p.provider) })),
            ]}
          />
        </Form.Item>
        {inUseItem?.method_keys && (
          <Form.Item
            name="method_keys"
            label={t('pay.channels.methodKeys', { provider: inUse })}
            extra={t('pay.channels.methodKeysHint', { provider: inUse })}
            rules={[
              {
                validator: (_rule: unknown, value: unknown) => {
                  const keys = Array.isArray(value) ? (value as string[]) : [];
                  if (keys.length === 0)
                    return Promise.reject(new Error(t('pay.channels.error.methodRequired')));
                  const wrong = keys.find((k) => !keyTakes(inUseItem, k, currency));
                  return wrong
                    ? Promise.reject(
                        new Error(t('pay.channels.rule.methodCurrency', { key: wrong, currency })),
                      )
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Select
              mode="multiple"
              className={layout.controlWide}
              options={inUseItem.method_keys.map((k) => ({
                value: k.key,
                label: k.currencies
                  ? t('pay.channels.methodIn', { key: k.key, currencies: k.currencies.join(', ') })
                  : t('pay.channels.methodAny', { key: k.key }),
              }))}
            />
          </Form.Item>
        )}
        <fieldset className={layout.group}>
          <legend className={layout.groupCaption}>{t('pay.channels.limits')}</legend>
          <Typography.Paragraph type="secondary">{t('pay.channels.limitsHint')}</Typography.Paragraph>
          <Space size={16} wrap>
            <Form.Item name="min" label={t('pay.channels.min', { currency })} rules={[amountRule]}>
              <Input inputMode="decimal" autoComplete="off" suffix={currency} />
            </Form.Item>
            <Form.Item
              name="max"
              label={t('pay.channels.max', { currency })}
              dependencies={['min']}
              rules={[
                amountRule,
                ({ getFieldValue }) => ({
                  validator: (_rule: unknown, value: unknown) => {
                    const max = typeof value === 'string' ? minorOf(value) : null;
                    const min = minorOf(String(getFieldValue('min') ?? ''));
                    return max !== null && min !== null && max < min
                      ? Promise.reject(new Error(t('pay.channels.rule.maxBelowMin')))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" suffix={currency} />
            </Form.Item>
          </Space>
        </fieldset>
        <fieldset className={layout.group}>
          <legend className={layout.groupCaption}>{t('pay.channels.names')}</legend>
          <Typography.Paragraph type="secondary">{t('pay.channels.namesHint')}</Typography.Paragraph>
          {editLanguages.map((lang) => {
            const language = optionOf(lang).label;
            return (
              <Form.Item
                key={lang}
                name={['names', lang]}
                label={
                  lang === 'en'
                    ? t('pay.channels.nameInRequired', { language })
                    : t('pay.channels.nameIn', { language })
                }
                rules={
                  lang === 'en'
                    ? [nameRule]
                    : [
                        {
                          validator: (_rule: unknown, value: unknown) =>
                            typeof value === 'string' && value.trim() !== ''
                              ? nameRule.validator(_rule, value)
                              : Promise.resolve(),
                        },
                      ]
                }
              >
                <Input lang={optionOf(lang).lang} maxLength={64} autoComplete="off" />
              </Form.Item>
            );
          })}
        </fieldset>
        <Form.Item
          name="sort"
          label={t('pay.sort')}
          extra={t('common.sortHint')}
          rules={[zodRule(channelSortRule, t('common.sortRule'))]}
        >
          <InputNumber precision={0} className={layout.control} />
        </Form.Item>
        <Form.Item
          name="is_open"
          label={t('pay.channels.offered')}
          valuePropName="checked"
          extra={problemText ?? t('pay.channels.offeredHint')}
        >
          <Switch disabled={!!problem} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
