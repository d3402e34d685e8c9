import { privacyRequestKind, privacyRequestState } from '@gp/contracts/privacy';
import type { PrivacyRequestQuery } from '../api/privacy-requests.calls.ts';

export interface PrivacyFilters {
  kind?: PrivacyRequestQuery['kind'];
  state?: PrivacyRequestQuery['state'];
  mid?: number;
  page: number;
}

export const privacyPageSize = 20;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** The filters in the screen's address (`?kind=deletion&state=pending&mid=7&page=2`); unknown values are dropped. */
export function privacyFiltersFromUrl(url: URL): PrivacyFilters {
  const p = url.searchParams;
  const kind = privacyRequestKind.safeParse(p.get('kind'));
  const state = privacyRequestState.safeParse(p.get('state'));
  const mid = positive(p.get('mid'));
  return {
    ...(kind.success ? { kind: kind.data } : {}),
    ...(state.success ? { state: state.data } : {}),
    ...(mid ? { mid } : {}),
    page: Math.min(positive(p.get('page')) ?? 1, 10_000),
  };
}

export function privacyFiltersToSearch(filters: PrivacyFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.kind) search.set('kind', filters.kind);
  if (filters.state) search.set('state', filters.state);
  if (filters.mid) search.set('mid', String(filters.mid));
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export function privacyQueryOf(filters: PrivacyFilters): PrivacyRequestQuery {
  return {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.mid ? { mid: filters.mid } : {}),
    page_num: filters.page,
    page_size: privacyPageSize,
  };
}
