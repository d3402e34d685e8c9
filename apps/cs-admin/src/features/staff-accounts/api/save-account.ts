import { staffAccountSave, type StaffAccountData } from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type AccountSaveInput = RequestOf<typeof staffAccountSave>;

export const saveAccount = (input: AccountSaveInput): Promise<StaffAccountData> =>
  api.call(staffAccountSave, input);
