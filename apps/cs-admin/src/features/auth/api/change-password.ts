import { staffAccountPassword, type StaffSessionData } from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type PasswordInput = RequestOf<typeof staffAccountPassword>;

export const changePassword = (input: PasswordInput): Promise<StaffSessionData> =>
  api.call(staffAccountPassword, input);
