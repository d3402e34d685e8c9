/**
 * The order search as the screen's URL carries it (`?order_no=...&uid=...&state=...&from=...&to=...&page=2`), so
 * a reload or a link sent to a colleague shows the same orders; and as the order page call sends it. The filters
 * are the call's own fields.
 */
import type { z } from 'zod';
import type { RequestOf } from '@gp/contracts';
import { orderStates } from '@gp/contracts/pay';
import type { payAdminOrderPageCall, payOrderFilters } from '@gp/contracts/pay-admin';
import { filtersSet, readParam, urlFilters } from '../../../lib/url-filters.ts';

export const ordersPageSize = 20;

/** The order page call's filters (`start_time` inclusive, `end_time` exclusive) and the page. */
export type OrderFilters = z.output<typeof payOrderFilters> & { page: number };

export const { fromUrl: orderFiltersFromUrl, toSearch: orderFiltersToSearch } = urlFilters<OrderFilters>({
  order_no: ['order_no', readParam.text(64)],
  uid: ['uid', readParam.id()],
  game_base_id: ['game', readParam.id()],
  cp_server_id: ['server', readParam.text(64)],
  cp_role_id: ['role', readParam.text(64)],
  state: ['state', readParam.oneOf(orderStates)],
  start_time: ['from', readParam.time],
  end_time: ['to', readParam.time],
});

export function orderQueryOf(filters: OrderFilters): RequestOf<typeof payAdminOrderPageCall> {
  return { ...filtersSet(filters), page_num: filters.page, page_size: ordersPageSize };
}
