/**
 * The order search as the screen's URL carries it (`?order_no=...&uid=...&state=...&from=...&to=...&page=2`), so
 * a reload or a link sent to a colleague shows the same orders; and as the order page call sends it.
 */
import dayjs from 'dayjs';
import type { RequestOf } from '@gp/contracts';
import { orderStates, type OrderState } from '@gp/contracts/pay';
import type { payAdminOrderPageCall } from '@gp/contracts/pay-admin';

export const ordersPageSize = 20;

export interface OrderFilters {
  order_no?: string;
  uid?: number;
  game?: number;
  server?: string;
  role?: string;
  state?: OrderState;
  /** ISO times: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  page: number;
}

const text = (value: string | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};
const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};
const iso = (value: string | null) => {
  if (!value) return undefined;
  const time = dayjs(value);
  return time.isValid() ? time.toISOString() : undefined;
};

export function orderFiltersFromUrl(url: URL): OrderFilters {
  const p = url.searchParams;
  const state = p.get('state');
  const filters: OrderFilters = { page: Math.min(positive(p.get('page')) ?? 1, 10_000) };
  const orderNo = text(p.get('order_no'), 64);
  const uid = positive(p.get('uid'));
  const game = positive(p.get('game'));
  const server = text(p.get('server'), 64);
  const role = text(p.get('role'), 64);
  const from = iso(p.get('from'));
  const to = iso(p.get('to'));
  if (orderNo) filters.order_no = orderNo;
  if (uid) filters.uid = uid;
  if (game) filters.game = game;
  if (server) filters.server = server;
  if (role) filters.role = role;
  if ((orderStates as readonly string[]).includes(state ?? '')) filters.state = state as OrderState;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

export function orderFiltersToSearch(filters: OrderFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.order_no) p.set('order_no', filters.order_no);
  if (filters.uid) p.set('uid', String(filters.uid));
  if (filters.game) p.set('game', String(filters.game));
  if (filters.server) p.set('server', filters.server);
  if (filters.role) p.set('role', filters.role);
  if (filters.state) p.set('state', filters.state);
  if (filters.from) p.set('from', filters.from);
  if (filters.to) p.set('to', filters.to);
  if (filters.page > 1) p.set('page', String(filters.page));
  return p;
}

export function orderQueryOf(filters: OrderFilters): RequestOf<typeof payAdminOrderPageCall> {
  return {
    ...(filters.order_no ? { order_no: filters.order_no } : {}),
    ...(filters.uid ? { uid: filters.uid } : {}),
    ...(filters.game ? { game_base_id: filters.game } : {}),
    ...(filters.server ? { cp_server_id: filters.server } : {}),
    ...(filters.role ? { cp_role_id: filters.role } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.from ? { start_time: filters.from } : {}),
    ...(filters.to ? { end_time: filters.to } : {}),
    page_num: filters.page,
    page_size: ordersPageSize,
  };
}
