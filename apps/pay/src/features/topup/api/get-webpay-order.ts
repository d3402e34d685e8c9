import { webpayOrderDetail } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getWebpayOrder(orderNo: string) {
  return api.call(webpayOrderDetail, { distribution_region: site.distributionRegion, order_no: orderNo });
}
