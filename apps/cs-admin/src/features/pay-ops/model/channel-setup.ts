/**
 * What the console says about how a payment channel is paid: whether its provider can take it here (the same rule
 * as the API's providers/provider-catalog.ts, so the editor can explain a disabled switch before anything is
 * sent), the reason in the console's language, and the channel calls' field refusals.
 */
import type { TFunction } from 'i18next';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import type {
  PayChannelProviderData,
  PayChannelProviderItem,
  UnpayableReason,
} from '@gp/contracts/pay-channel-authoring';
import { payFieldIssues } from './pay-errors.ts';

/** The provider that takes a channel's payments: the one named, else the deployment's; null when neither. */
export function providerInUse(provider: string | null, providers: PayChannelProviderData): string | null {
  return provider ?? providers.deployment_provider;
}

/** Whether a method key of the provider takes the currency. */
export function keyTakes(item: PayChannelProviderItem, key: string, currency: string): boolean {
  const found = item.method_keys?.find((k) => k.key === key);
  return !!found && (found.currencies === null || found.currencies.includes(currency));
}

/** Why a channel set up so could not take payments here, or null when it could. */
export function setupProblem(
  setup: { provider: string | null; method_keys: readonly string[]; currency: string },
  providers: PayChannelProviderData,
): UnpayableReason | null {
  const name = providerInUse(setup.provider, providers);
  const item = providers.providers.find((p) => p.provider === name);
  if (!item || item.configured !== 1) return 'provider_not_configured';
  if (item.method_keys === null) return null;
  if (setup.method_keys.length === 0) return 'no_method';
  return setup.method_keys.every((k) => keyTakes(item, k, setup.currency)) ? null : 'currency_not_supported';
}

/** The reason players are not offered a channel, in the console's language. */
export function unpayableText(
  t: TFunction,
  reason: UnpayableReason,
  channel: Pick<PayAdminChannelItem, 'provider_in_use' | 'currency'>,
): string {
  const provider = channel.provider_in_use;
  if (reason === 'provider_not_configured' && provider === null)
    return t('ops:pay.channels.reason.noProvider');
  return t(`ops:pay.channels.reason.${reason}`, { provider, currency: channel.currency });
}

const fieldTexts: Record<string, string> = {
  'currency:not_sold': 'ops:pay.error.notSold',
  'payment_type:taken': 'ops:pay.channels.error.taken',
  'provider:unknown': 'ops:pay.channels.error.providerUnknown',
  'method_keys:required': 'ops:pay.channels.error.methodRequired',
  'method_keys:unknown': 'ops:pay.channels.error.methodUnknown',
  'method_keys:currency': 'ops:pay.channels.error.methodCurrency',
  'method_keys:not_taken': 'ops:pay.channels.error.methodNotTaken',
  'max_amount:below_min': 'ops:pay.channels.rule.maxBelowMin',
};

/** The editor's form field of an API field (`names.en` -> ['names', 'en'], the limits typed as text). */
const formField = (field: string): (string | number)[] => {
  if (field === 'min_amount') return ['min'];
  if (field === 'max_amount') return ['max'];
  return field.split('.');
};

/** A -400's problems as the editor's form fields with their texts; empty for any other error. */
export function channelFieldErrors(t: TFunction, error: unknown) {
  return payFieldIssues(error).map((f) => {
    const key = fieldTexts[`${f.field}:${f.code}`];
    return { name: formField(f.field), errors: [key ? t(key) : t('ops:common.invalidField')] };
  });
}
