import { staffLogin, type StaffSecondStepData, type StaffSessionData } from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type LoginInput = RequestOf<typeof staffLogin>;

/** A session, or (for an account with a second factor) the second step still to do. */
export const login = (input: LoginInput): Promise<StaffSessionData | StaffSecondStepData> =>
  api.call(staffLogin, input);

/** The login's request schema, whose field rules the form applies before sending. */
export const loginFields = staffLogin.request.shape;
