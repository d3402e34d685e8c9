/**
 * The queue's filters, sorting and page live in the URL query (same names as the call's fields), so a reload or
 * a shared link shows the same tickets. A value that breaks its rule (a hand-edited link) is dropped rather than
 * sent, so the server never sees it; the time range is kept as written, so a range over three months gets the
 * server's translated refusal instead of being silently shortened.
 */
import type { z } from 'zod';
import { deskFilters, deskTicketPage } from '@gp/contracts/desk';

export type QueueQuery = z.output<typeof deskTicketPage.request>;
export type QueueFilters = z.output<typeof deskFilters>;
/** The filters an agent sets (sorting and paging apart). */
export type FilterValues = Omit<QueueFilters, 'order_key' | 'order_type'>;

const filterShape = deskFilters.shape;
export const filterKeys = (Object.keys(filterShape) as (keyof QueueFilters)[]).filter(
  (k) => k !== 'order_key' && k !== 'order_type',
) as (keyof FilterValues)[];

const pageShape = deskTicketPage.request.shape;
export const defaultOrder = {
  order_key: pageShape.order_key.parse(undefined),
  order_type: pageShape.order_type.parse(undefined),
} as const;
export const defaultPageSize = pageShape.page_size.parse(undefined);
export const pageSizeOptions = [20, 50, 100];

function pick<T>(schema: z.ZodType<T>, raw: string | null, fallback: T): T {
  if (raw === null) return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

/** The query of a queue URL: filters that pass their rules, then sorting and paging (defaults when absent). */
export function parseQueueQuery(params: URLSearchParams): QueueQuery {
  const filters: Record<string, unknown> = {};
  for (const key of filterKeys) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = filterShape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  return {
    ...(filters as FilterValues),
    order_key: pick(pageShape.order_key, params.get('order_key'), defaultOrder.order_key),
    order_type: pick(pageShape.order_type, params.get('order_type'), defaultOrder.order_type),
    page_num: pick(pageShape.page_num, params.get('page_num'), 1),
    page_size: pick(pageShape.page_size, params.get('page_size'), defaultPageSize),
  };
}

/** Only the filters of a query (what the export sends together with the sorting). */
export function filtersOf(query: QueueQuery): FilterValues {
  const out: Record<string, unknown> = {};
  for (const key of filterKeys) if (query[key] !== undefined) out[key] = query[key];
  return out as FilterValues;
}

/** The URL query for a queue query; defaults are left out so links stay short. */
export function queueSearch(query: QueueQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (query.order_key !== defaultOrder.order_key || query.order_type !== defaultOrder.order_type) {
    params.set('order_key', query.order_key);
    params.set('order_type', query.order_type);
  }
  if (query.page_num !== 1) params.set('page_num', String(query.page_num));
  if (query.page_size !== defaultPageSize) params.set('page_size', String(query.page_size));
  return params;
}

/** New filters start again at page 1 and keep the sorting and page size. */
export function withFilters(query: QueueQuery, filters: Partial<FilterValues>): QueueQuery {
  const kept: Record<string, unknown> = {};
  for (const key of filterKeys) {
    const value = filters[key];
    if (value !== undefined && value !== null && value !== '') kept[key] = value;
  }
  return {
    ...(kept as FilterValues),
    order_key: query.order_key,
    order_type: query.order_type,
    page_num: 1,
    page_size: query.page_size,
  };
}
