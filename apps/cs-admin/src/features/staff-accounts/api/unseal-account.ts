import { staffAccountUnseal, type StaffAccountData } from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

export const unsealAccount = (accountId: string): Promise<StaffAccountData> =>
  api.call(staffAccountUnseal, { account_id: accountId });
