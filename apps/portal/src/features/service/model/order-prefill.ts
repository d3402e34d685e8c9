/**
 * "Problem with this order?": the pay pages open the question form with the order's facts in the URL
 * (`order_no`, `game_base_id`, `server`, `role_id`, `role_name`, see apps/pay order-help-link.tsx). They are only
 * shown: the server takes game and character from the member's own order. Read leniently: without a usable
 * order number and game there is no prefill.
 */
import { positiveInt } from './query.ts';

export interface OrderPrefill {
  orderNo: string;
  gameBaseId: number;
  server: string;
  roleId: string;
  roleName: string;
}

const text = (params: URLSearchParams, key: string, max: number) =>
  (params.get(key) ?? '').trim().slice(0, max);

export function orderPrefillOf(params: URLSearchParams): OrderPrefill | undefined {
  const orderNo = text(params, 'order_no', 64);
  const gameBaseId = positiveInt(params.get('game_base_id'));
  if (!/^[A-Za-z0-9_-]+$/.test(orderNo) || gameBaseId === undefined) return undefined;
  return {
    orderNo,
    gameBaseId,
    server: text(params, 'server', 64),
    roleId: text(params, 'role_id', 64),
    roleName: text(params, 'role_name', 64),
  };
}
