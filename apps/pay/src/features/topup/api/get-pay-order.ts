import { payOrderDetail } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getPayOrder(orderNo: string) {
  return api.call(payOrderDetail, { order_no: orderNo, region: site.distributionRegion });
}
