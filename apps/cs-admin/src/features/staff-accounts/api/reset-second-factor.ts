import { staffSecondFactorReset } from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

export const resetSecondFactor = (accountId: string): Promise<null> =>
  api.call(staffSecondFactorReset, { account_id: accountId });
