/**
 * What a payment channel's row says about how it is paid (its provider, the provider's method keys, its
 * per-order limits, its names) and whether this deployment can take payments through it. Shared by the console's
 * channel list (pay-admin.contracts.ts) and the channel editor's calls (pay-channel-authoring.contracts.ts); a
 * file of its own so that neither imports the other.
 */
import { z } from 'zod';
import { editLanguages } from './catalog-admin.contracts.ts';
import { flag } from './define.ts';

/**
 * Why players are not offered a channel, whatever its on/off switch says:
 * - `provider_not_configured`: its provider (or, for a channel naming none, the deployment's PAY_PROVIDER) is not
 *   set up in this deployment;
 * - `no_method`: it names a provider that needs method keys (Stripe) but none of them;
 * - `currency_not_supported`: one of its method keys does not take the channel's currency.
 */
export const unpayableReasons = ['provider_not_configured', 'no_method', 'currency_not_supported'] as const;
export type UnpayableReason = (typeof unpayableReasons)[number];

/** The channel's display names per language (null: none; players see en there). */
export const channelNames = z.object(
  Object.fromEntries(editLanguages.map((l) => [l, z.string().nullable()])) as Record<
    (typeof editLanguages)[number],
    z.ZodNullable<z.ZodString>
  >,
);

export const payChannelSetupFields = {
  /** The payment provider named on the channel (`stripe`); null: the deployment's own (PAY_PROVIDER). */
  provider: z.string().nullable(),
  /** The provider that takes its payments here: the one named, else PAY_PROVIDER; null when neither is set. */
  provider_in_use: z.string().nullable(),
  /** The method keys of `provider_in_use` the channel names (`promptpay`); empty for one that takes none. */
  method_keys: z.array(z.string()),
  /** Per-order limits in minor units of the currency (`exponent` decimals); null: no limit. */
  min_amount: z.number().int().nullable(),
  max_amount: z.number().int().nullable(),
  exponent: z.number().int(),
  names: channelNames,
  /** 1: a player can pay through it here once it is open; 0: never offered, see `unpayable_reason`. */
  payable: flag,
  unpayable_reason: z.enum(unpayableReasons).nullable(),
};
