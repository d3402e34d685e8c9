import { payOrderDetail, webpayOrderDetail } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function webpayOrder(orderNo: string) {
  return api.call(webpayOrderDetail, { distribution_region: site.distributionRegion, order_no: orderNo });
}

export function payOrder(orderNo: string) {
  return api.call(payOrderDetail, { order_no: orderNo, region: site.distributionRegion });
}
