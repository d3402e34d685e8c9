import { staffAccountList, type StaffAccountPageData } from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type AccountListQuery = RequestOf<typeof staffAccountList>;

export const listAccounts = (query: AccountListQuery): Promise<StaffAccountPageData> =>
  api.call(staffAccountList, query);
