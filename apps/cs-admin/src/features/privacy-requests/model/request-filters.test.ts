import { describe, expect, it } from 'vitest';
import { privacyFiltersFromUrl, privacyFiltersToSearch, privacyQueryOf } from './request-filters.ts';

describe('privacy request filters', () => {
  it('read the known values from the address and drop the rest', () => {
    const url = new URL('http://x/privacy?kind=deletion&state=nonsense&mid=7&page=2');
    const filters = privacyFiltersFromUrl(url);
    expect(filters).toEqual({ kind: 'deletion', mid: 7, page: 2 });
    expect(privacyQueryOf(filters)).toEqual({ kind: 'deletion', mid: 7, page_num: 2, page_size: 20 });
    expect(privacyFiltersToSearch(filters).toString()).toBe('kind=deletion&mid=7&page=2');
  });

  it('start on page 1 with no filter', () => {
    const filters = privacyFiltersFromUrl(new URL('http://x/privacy?mid=-3&page=0'));
    expect(filters).toEqual({ page: 1 });
    expect(privacyFiltersToSearch(filters).toString()).toBe('');
  });
});
