import { payAddPayOrder } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';
import type { OrderRequest } from './add-webpay-order.ts';

/**
 * The second variant adds `region` (payment always in the site's distribution region, spec 9) and `addExtra`,
 * free-form context the engine keeps with the order: where the order was placed.
 */
export function addPayOrder(order: OrderRequest, extra: Record<string, string | number>) {
  return api.call(payAddPayOrder, {
    ...order,
    region: site.distributionRegion,
    addExtra: JSON.stringify(extra),
  });
}
