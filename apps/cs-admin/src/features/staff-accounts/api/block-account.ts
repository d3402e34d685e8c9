import { staffAccountLimit, type StaffAccountData } from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

export const blockAccount = (accountId: string): Promise<StaffAccountData> =>
  api.call(staffAccountLimit, { account_id: accountId });
