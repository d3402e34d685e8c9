import {
  staffAccountAdd,
  staffAccountDelete,
  staffAccountLimit,
  staffAccountList,
  staffAccountSave,
  staffAccountUnseal,
  type StaffAccountData,
  type StaffAccountPageData,
} from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type AccountListQuery = RequestOf<typeof staffAccountList>;
export type AccountAddInput = RequestOf<typeof staffAccountAdd>;
export type AccountSaveInput = RequestOf<typeof staffAccountSave>;

export const listAccounts = (query: AccountListQuery): Promise<StaffAccountPageData> =>
  api.call(staffAccountList, query);
export const addAccount = (input: AccountAddInput): Promise<StaffAccountData> =>
  api.call(staffAccountAdd, input);
export const saveAccount = (input: AccountSaveInput): Promise<StaffAccountData> =>
  api.call(staffAccountSave, input);
export const deleteAccount = (accountId: string): Promise<null> =>
  api.call(staffAccountDelete, { account_id: accountId });
export const blockAccount = (accountId: string): Promise<StaffAccountData> =>
  api.call(staffAccountLimit, { account_id: accountId });
export const unsealAccount = (accountId: string): Promise<StaffAccountData> =>
  api.call(staffAccountUnseal, { account_id: accountId });

/** The add form's field schemas, whose rules the console applies before sending. */
export const addFields = staffAccountAdd.request.shape;

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
