import { privacyRequestKind, privacyRequestState } from '@gp/contracts/privacy';
import type { PrivacyRequestQuery } from '../api/privacy-requests.calls.ts';
import { filtersSet, readParam, urlFilters } from '../../../lib/url-filters.ts';

export interface PrivacyFilters {
  kind?: PrivacyRequestQuery['kind'];
  state?: PrivacyRequestQuery['state'];
  mid?: number;
  page: number;
}

export const privacyPageSize = 20;

/** The filters in the screen's address (`?kind=deletion&state=pending&mid=7&page=2`); unknown values are dropped. */
export const { fromUrl: privacyFiltersFromUrl, toSearch: privacyFiltersToSearch } =
  urlFilters<PrivacyFilters>({
    kind: ['kind', readParam.oneOf(privacyRequestKind.options)],
    state: ['state', readParam.oneOf(privacyRequestState.options)],
    mid: ['mid', readParam.id()],
  });

export function privacyQueryOf(filters: PrivacyFilters): PrivacyRequestQuery {
  return { ...filtersSet(filters), page_num: filters.page, page_size: privacyPageSize };
}
