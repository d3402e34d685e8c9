/** The customer-service screens' URL parameters, read leniently: anything unusable is left out. */
import { workOrderStatuses, type WorkOrderStatus } from '@gp/contracts/cs';

/** A positive whole number, or undefined. */
export function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n > 0 ? n : undefined;
}

export function pageParam(params: URLSearchParams): number {
  return Math.min(positiveInt(params.get('page')) ?? 1, 10_000);
}

/** `?status=0..3` filters the history; absent or anything else: all. */
export function statusParam(params: URLSearchParams): WorkOrderStatus | undefined {
  const raw = params.get('status');
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return (workOrderStatuses as readonly number[]).includes(n) ? (n as WorkOrderStatus) : undefined;
}

/** A desktop path with the given parameters, leaving out empty ones and page 1. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const servicePaths = {
  home: '/service',
  question: '/service/question',
  history: '/service/history',
  info: '/service/info',
  detail: (id: number) => `/service/order_detail?work_order_id=${id}`,
  followUp: (id: number) => `/service/requestion?work_order_id=${id}`,
} as const;
