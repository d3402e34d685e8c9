/**
 * Payment channel authoring in the console: the providers
 * this deployment knows and which are set up, and creating and editing a game's channels. A channel belongs to a
 * game and a currency; a region offers it through the region's game list, as the rest of the catalog
 * (pay-admin.contracts.ts). The list and the on/off switch stay in pay-admin.contracts.ts and answer the same item.
 *
 * Every call needs the `catalog` privilege; every write is recorded in the audit log (`pay.channel.create`,
 * `pay.channel.save`) in the write's transaction and reaches players on every process at once (the public cache
 * is emptied after a staff write). A save that changes nothing writes and records nothing.
 *
 * A channel is offered to players only when it is open AND its provider can take it here: the provider is set up
 * in this deployment and, for a provider with method keys (Stripe), every key it names takes the channel's
 * currency. Creating a channel switched on, saving one on, or switching one on (pay-admin's channel switch) whose
 * provider cannot take it is refused with -40320 (staff.payChannels.providerNotConfigured); it may be created or
 * kept switched off, ready for when the provider is set up.
 *
 * Codes (staff domain) besides those of every pay-admin call (-101, -110, -401, -40007): -404 no such game (in
 * the top-up catalog) or channel; -40320 as above; -400 with field issues:
 * - `currency` `not_sold`: the game does not sell in the currency;
 * - `payment_type` `taken`: the game already has a channel with this currency, payment mode and method;
 * - `provider` `unknown`: not a provider this code knows (`provider/list`);
 * - `method_keys` `required`: the provider takes payments by method key and none is named;
 * - `method_keys` `unknown`: a key that is not one of the provider's;
 * - `method_keys` `currency`: a key of the provider that does not take the channel's currency;
 * - `method_keys` `not_taken`: keys named for a provider that takes none (the sandbox);
 * - `max_amount` `below_min`: the maximum is below the minimum.
 */
import { z } from 'zod';
import { editLanguages } from './catalog-admin.contracts.ts';
import { flag } from './define.ts';
import { payAdminChannelItem } from './pay-admin.contracts.ts';
import { payModeField } from './pay.contracts.ts';
import { defineStaffCall } from './staff.contracts.ts';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
/** ISO 4217 code; accepted in any case, answered in upper case. */
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((code) => code.toUpperCase());
/** One line: no control characters at all. */
// eslint-disable-next-line no-control-regex
const oneLine = /^[^\u0000-\u001F\u007F]*$/;

/** A key as payment systems write them: lower-case letters, digits and underscores (`promptpay`, `razer_gold`). */
export const channelKeyRule = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/);
/** A provider, or one of its accounts (`stripe.th`: STRIPE_ACCOUNTS). */
export const providerNameRule = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+(\.[a-z0-9][a-z0-9-]{0,15})?$/);
/** A provider's method key as the provider writes it: Stripe's `promptpay`, Xendit's channel code `GCASH`. */
export const methodKeyRule = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_]+$/);
/** A channel's display name in one language. */
export const channelNameRule = z.string().trim().min(1).max(64).regex(oneLine);
/** A per-order limit in minor units of the currency; null: no limit. */
export const channelLimitRule = z.number().int().positive().max(1_000_000_000_000).nullable();
/** Display order: smaller first. */
export const channelSortRule = z.number().int().min(-1_000_000).max(1_000_000);

const optionalName = z
  .union([channelNameRule, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** What the editor sends: everything about a channel but its game and currency (fixed once it exists). */
export const channelEditFields = {
  pay_mode: payModeField,
  /** The method within the mode, sent back with players' orders (`promptpay`). */
  payment_type: channelKeyRule,
  /** A provider of `provider/list`; null: the deployment's own (PAY_PROVIDER). */
  provider: providerNameRule.nullable(),
  /** The provider's method keys (Stripe's payment method types); empty for a provider that takes none. */
  method_keys: z.array(methodKeyRule).max(10),
  min_amount: channelLimitRule,
  max_amount: channelLimitRule,
  /** en required; a language left empty shows en to players. */
  names: z.object({
    en: channelNameRule,
    ...(Object.fromEntries(editLanguages.filter((l) => l !== 'en').map((l) => [l, optionalName])) as Record<
      Exclude<(typeof editLanguages)[number], 'en'>,
      typeof optionalName
    >),
  }),
  sort: channelSortRule,
  is_open: flag,
};

/** A provider this code knows, and whether this deployment has it set up. */
export const payChannelProviderItem = z.object({
  provider: z.string(),
  /** 1: set up here, channels may take payments through it. */
  configured: flag,
  /** What sets it up (environment settings), for the operator; shown as written. */
  settings: z.string(),
  /** Its method keys and the currencies each takes (null: every currency); null: it takes no method keys. */
  method_keys: z.array(z.object({ key: z.string(), currencies: z.array(z.string()).nullable() })).nullable(),
});
export type PayChannelProviderItem = z.infer<typeof payChannelProviderItem>;

export const payChannelProviderData = z.object({
  /** The deployment's provider (PAY_PROVIDER) that takes channels naming none; null: `none`. */
  deployment_provider: z.string().nullable(),
  providers: z.array(payChannelProviderItem),
});
export type PayChannelProviderData = z.infer<typeof payChannelProviderData>;

/** The payment providers this code knows, each with its state here and its method keys. */
export const payChannelProviderList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/channel/provider/list',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({}),
  response: payChannelProviderData,
});

/** Creates a channel of a game in a currency. Audited as `pay.channel.create`. */
export const payChannelCreate = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/channel/create',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, currency: currencyCode, ...channelEditFields }),
  response: payAdminChannelItem,
});

/** Saves a channel: everything but its game and currency. Audited as `pay.channel.save` (before / after). */
export const payChannelSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/channel/save',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ pay_channel_id: positiveId, ...channelEditFields }),
  response: payAdminChannelItem,
});

// The channel item's reasons, for the console that explains them.
export { unpayableReasons, type UnpayableReason } from './pay-channel-setup.ts';
