/**
 * Where a top-up screen is: which pay variant (spec 7) and which form. `/paygame` and `/pay_h5` use the regional
 * web pay; `/pays_h5` the second variant. Paths of the H5 steps and the history hang off the base.
 */
import type { VariantId } from './variant.ts';

export type H5Step = 'setoutpay' | 'payaffirm' | 'payorder' | 'paycomplete' | 'paysucceed' | 'pg_record';

export interface TopupPlace {
  variant: VariantId;
  h5: boolean;
  /** The start page: `/paygame/`, `/pay_h5` or `/pays_h5`. */
  home: string;
  history: string;
}

export function placeOf(pathname: string): TopupPlace {
  if (pathname.startsWith('/pays_h5'))
    return { variant: 'pay', h5: true, home: '/pays_h5', history: '/pays_h5/pg_record' };
  if (pathname.startsWith('/pay_h5'))
    return { variant: 'webpay', h5: true, home: '/pay_h5', history: '/pay_h5/pg_record' };
  return { variant: 'webpay', h5: false, home: '/paygame/', history: '/paygame_history/' };
}

export interface OrderKeys {
  order_no: string;
  pay_order_no: string;
}

/** An H5 step's path, with a query. */
export function stepPath(place: TopupPlace, step: H5Step, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${place.home}/${step}${search ? `?${search}` : ''}`;
}

/** Where an order is followed: the payment step of the desktop page, or the H5 page of `step`. */
export function orderPath(
  place: TopupPlace,
  order: OrderKeys,
  step: 'payorder' | 'paycomplete' | 'paysucceed' = 'payorder',
): string {
  const query = { order_no: order.order_no, pay_order_no: order.pay_order_no };
  if (!place.h5) return `${place.home}?${new URLSearchParams(query).toString()}`;
  return stepPath(place, step, query);
}

/** The order a page follows, from its query; undefined when either number is missing. */
export function orderFromSearch(search: string | URLSearchParams): OrderKeys | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const orderNo = params.get('order_no')?.trim();
  const payOrderNo = params.get('pay_order_no')?.trim();
  return orderNo && payOrderNo ? { order_no: orderNo, pay_order_no: payOrderNo } : undefined;
}

/**
 * The order a page's query names, also when it names only our order number: a provider that cannot put its own
 * payment number in the address it sends the player back to (Xendit's wallets) sends `order_no` alone, and the
 * member's order tells the rest. Undefined when the query names no order, or one that is not the member's.
 */
export async function orderOfQuery(
  search: string | URLSearchParams,
  orderDetail: (orderNo: string) => Promise<{ order_no: string; pay_order_no: string }>,
): Promise<OrderKeys | undefined> {
  const keys = orderFromSearch(search);
  if (keys) return keys;
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const orderNo = params.get('order_no')?.trim();
  if (!orderNo) return undefined;
  try {
    const order = await orderDetail(orderNo);
    return order.pay_order_no ? { order_no: order.order_no, pay_order_no: order.pay_order_no } : undefined;
  } catch {
    // Not logged in here, or not this member's order: the page shows what it shows without one.
    return undefined;
  }
}
