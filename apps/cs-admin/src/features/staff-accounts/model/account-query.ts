import type { AccountListQuery } from '../api/staff-accounts.calls.ts';

/** Accounts a page, and the search and page as they travel in the screen's URL (`?q=...&page=...`). */
export const accountsPageSize = 20;

export function accountQueryFromUrl(url: URL): AccountListQuery {
  const q = url.searchParams.get('q')?.trim() ?? '';
  const page = Number(url.searchParams.get('page'));
  return {
    ...(q ? { s_account_id: q.slice(0, 64) } : {}),
    page_num: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    page_size: accountsPageSize,
  };
}
