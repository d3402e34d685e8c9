import { payOrderResult } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getPayOrderResult(payOrderNo: string) {
  return api.call(payOrderResult, { pay_order_no: payOrderNo, region: site.distributionRegion });
}
