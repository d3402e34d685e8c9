import { payOrderLookup, type PayOrderLookedUp } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

/** An order by its number and the account's e-mail or phone number, without login (issue 20 item 5). */
export function lookupPayOrder(orderNo: string, account: string): Promise<PayOrderLookedUp> {
  return api.call(payOrderLookup, { order_no: orderNo, account });
}
