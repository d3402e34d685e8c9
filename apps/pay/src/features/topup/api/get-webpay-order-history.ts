import { webpayOrderHistory } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getWebpayOrderHistory(pageNum: number, pageSize: number) {
  return api.call(webpayOrderHistory, {
    distribution_region: site.distributionRegion,
    page_num: pageNum,
    page_size: pageSize,
  });
}
