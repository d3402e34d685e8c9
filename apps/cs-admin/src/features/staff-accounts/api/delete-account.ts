import { staffAccountDelete } from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

export const deleteAccount = (accountId: string): Promise<null> =>
  api.call(staffAccountDelete, { account_id: accountId });
