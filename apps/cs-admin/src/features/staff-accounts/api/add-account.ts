import { staffAccountAdd, type StaffAccountData } from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type AccountAddInput = RequestOf<typeof staffAccountAdd>;

export const addAccount = (input: AccountAddInput): Promise<StaffAccountData> =>
  api.call(staffAccountAdd, input);

/** The add form's field schemas, whose rules the console applies before sending. */
export const addFields = staffAccountAdd.request.shape;
