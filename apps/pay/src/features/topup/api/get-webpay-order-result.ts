import { webpayOrderResult } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** "Query payment result": 14 no result found, 15 not paid yet; otherwise the order as it stands now. */
export function getWebpayOrderResult(payOrderNo: string) {
  return api.call(webpayOrderResult, {
    distribution_region: site.distributionRegion,
    pay_order_no: payOrderNo,
  });
}
