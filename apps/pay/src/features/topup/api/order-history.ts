import { payOrderHistory, webpayOrderHistory } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function webpayHistory(pageNum: number, pageSize: number) {
  return api.call(webpayOrderHistory, {
    distribution_region: site.distributionRegion,
    page_num: pageNum,
    page_size: pageSize,
  });
}

export function payHistory(pageNum: number, pageSize: number) {
  return api.call(payOrderHistory, {
    page_num: pageNum,
    page_size: pageSize,
    region: site.distributionRegion,
  });
}
