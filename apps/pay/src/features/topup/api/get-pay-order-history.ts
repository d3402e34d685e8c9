import { payOrderHistory } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getPayOrderHistory(pageNum: number, pageSize: number) {
  return api.call(payOrderHistory, {
    page_num: pageNum,
    page_size: pageSize,
    region: site.distributionRegion,
  });
}
