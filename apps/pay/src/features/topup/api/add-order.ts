import { payAddPayOrder, webpayAddOrder } from '@gp/contracts/pay';
import type { RequestOf } from '@gp/contracts';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** The add-order payload of spec 3 both variants share (without the variant's own region fields). */
export type OrderRequest = Omit<RequestOf<typeof webpayAddOrder>, 'distribution_region'>;

export function webpayAddOrderCall(order: OrderRequest) {
  return api.call(webpayAddOrder, { distribution_region: site.distributionRegion, ...order });
}

/**
 * The second variant adds `region` (payment always in the site's distribution region, spec 9) and `addExtra`,
 * free-form context the engine keeps with the order: where the order was placed.
 */
export function payAddPayOrderCall(order: OrderRequest, extra: Record<string, string | number>) {
  return api.call(payAddPayOrder, {
    ...order,
    region: site.distributionRegion,
    addExtra: JSON.stringify(extra),
  });
}
