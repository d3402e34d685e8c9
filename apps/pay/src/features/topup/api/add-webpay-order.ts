import { webpayAddOrder } from '@gp/contracts/pay';
import type { RequestOf } from '@gp/contracts';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** The add-order payload of spec 3 both variants share (without the variant's own region fields). */
export type OrderRequest = Omit<RequestOf<typeof webpayAddOrder>, 'distribution_region'>;

export function addWebpayOrder(order: OrderRequest) {
  return api.call(webpayAddOrder, { distribution_region: site.distributionRegion, ...order });
}
