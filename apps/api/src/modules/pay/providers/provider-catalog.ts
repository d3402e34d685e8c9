/**
 * The payment providers this code knows, in one place: what configures each, the method keys a channel may name
 * for it, and whether a channel can be paid through it in this deployment. The start check, the console's
 * channel editor and the players' catalog all ask here, so "configured" means the same to each of them.
 *
 * A provider is configured when the pay runtime built it (`app.pay.providers`): Stripe or Xendit with its keys (or
 * its local test server), the sandbox in development only. A channel whose `provider` is null is paid through the
 * deployment's PAY_PROVIDER.
 */
import { stripeMethodCurrencies } from './stripe/stripe-methods.ts';
import { xenditMethodCurrencies, xenditOnPageMethods } from './xendit/xendit-methods.ts';

export const knownProviders = ['stripe', 'xendit', 'sandbox'] as const;
export type KnownProvider = (typeof knownProviders)[number];

export const isKnownProvider = (name: string): name is KnownProvider =>
  (knownProviders as readonly string[]).includes(name);

/**
 * The provider a name is of: `stripe` for `stripe` and for one of its accounts (`stripe.th`, STRIPE_ACCOUNTS). A
 * channel's methods are kept under it (`provider_methods.stripe`), whichever account takes the channel.
 */
export const providerKind = (name: string): string => name.split('.', 1)[0]!;

/** The known provider a name (a provider or one of its accounts: `stripe.th`) is of; undefined for any other. */
export function knownKindOf(name: string): KnownProvider | undefined {
  const kind = providerKind(name);
  if (!isKnownProvider(kind)) return undefined;
  if (name === kind) return kind;
  const account = name.slice(kind.length + 1);
  return providerFacts[kind].accountsSetting && /^[a-z0-9][a-z0-9-]{0,15}$/.test(account) ? kind : undefined;
}

/** The settings that configure a provider or one of its accounts: the start check's hint, the console's reason. */
export function settingsOf(name: string): string | undefined {
  const kind = knownKindOf(name);
  if (!kind) return undefined;
  const facts = providerFacts[kind];
  return name === kind ? facts.settings : `${facts.accountsSetting} (account ${name.slice(kind.length + 1)})`;
}

interface ProviderFacts {
  /** The settings that configure it: the start check's hint and the console's reason. */
  settings: string;
  /** The setting that adds more accounts of it (`stripe.th`); left out: it has none. */
  accountsSetting?: string;
  /**
   * The method keys a channel names for it, with the currencies each takes ('any': every currency). Null: the
   * provider takes no method keys (the sandbox's page takes any method).
   */
  methods: Readonly<Record<string, readonly string[] | 'any'>> | null;
  /** The method keys paid from our page (a QR code, an account number) rather than on the provider's. */
  onPage?: readonly string[];
}

export const providerFacts: Readonly<Record<KnownProvider, ProviderFacts>> = {
  stripe: {
    settings: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    accountsSetting: 'STRIPE_ACCOUNTS',
    methods: stripeMethodCurrencies,
  },
  xendit: {
    settings: 'XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN',
    accountsSetting: 'XENDIT_ACCOUNTS',
    methods: xenditMethodCurrencies,
    onPage: xenditOnPageMethods,
  },
  sandbox: { settings: 'PAY_PROVIDER=sandbox (development only)', methods: null },
};

/** Why a channel cannot be paid here; null when it can. */
export type UnpayableReason =
  /** Its provider (or, for a channel naming none, PAY_PROVIDER) is not configured in this deployment. */
  | 'provider_not_configured'
  /** It names Stripe (say) but none of Stripe's method keys. */
  | 'no_method'
  /** One of its method keys is not the provider's, or does not take the channel's currency. */
  | 'currency_not_supported';

export interface ChannelPaymentSetup {
  currency: string;
  provider: string | null;
  providerMethods: Readonly<Record<string, readonly string[]>>;
}

/** The providers configured in this deployment and the deployment's own (PAY_PROVIDER; undefined with `none`). */
export interface ConfiguredProviders {
  configured: readonly string[];
  deploymentProvider: string | undefined;
}

/** The provider that takes a channel's payments: the one it names, else the deployment's. */
export function effectiveProvider(channel: { provider: string | null }, setup: ConfiguredProviders) {
  return channel.provider ?? setup.deploymentProvider ?? null;
}

/** Whether a method key of `provider` takes `currency` (false for a key the provider does not have). */
export function methodTakes(provider: KnownProvider, method: string, currency: string): boolean {
  const methods = providerFacts[provider].methods;
  if (!methods) return false;
  const currencies = methods[method];
  return currencies === 'any' || (currencies?.includes(currency.toUpperCase()) ?? false);
}

/** Why the channel cannot be paid in this deployment, or null when it can. */
export function unpayableReason(
  channel: ChannelPaymentSetup,
  setup: ConfiguredProviders,
): UnpayableReason | null {
  const name = effectiveProvider(channel, setup);
  if (name === null || !setup.configured.includes(name)) return 'provider_not_configured';
  // A provider built here that this list does not describe takes whatever its channel names.
  const kind = knownKindOf(name);
  if (!kind || providerFacts[kind].methods === null) return null;
  const methods = channel.providerMethods[kind] ?? [];
  if (methods.length === 0) return 'no_method';
  return methods.every((m) => methodTakes(kind, m, channel.currency)) ? null : 'currency_not_supported';
}

/** Whether a price (minor units) is within a channel's per-order limits (null: no limit on that side). */
export function withinLimits(price: number, limits: { minAmount: number | null; maxAmount: number | null }) {
  return (
    (limits.minAmount === null || price >= limits.minAmount) &&
    (limits.maxAmount === null || price <= limits.maxAmount)
  );
}

/** Whether a channel is paid from our page: every method it names for its provider is one of those. */
export function paysOnPage(channel: ChannelPaymentSetup, setup: ConfiguredProviders): boolean {
  const name = effectiveProvider(channel, setup);
  const kind = name === null ? undefined : knownKindOf(name);
  if (!kind) return false;
  const onPage = providerFacts[kind].onPage ?? [];
  const methods = channel.providerMethods[kind] ?? [];
  return methods.length > 0 && methods.every((m) => onPage.includes(m));
}
