import { staffAccountPassword, staffCaptcha, staffLogin, type StaffSessionData } from '@gp/contracts/staff';
import type { RequestOf, ResponseOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type Captcha = ResponseOf<typeof staffCaptcha>;
export type LoginInput = RequestOf<typeof staffLogin>;
export type PasswordInput = RequestOf<typeof staffAccountPassword>;

export const getCaptcha = (): Promise<Captcha> => api.call(staffCaptcha, {});
export const login = (input: LoginInput): Promise<StaffSessionData> => api.call(staffLogin, input);
export const changePassword = (input: PasswordInput): Promise<StaffSessionData> =>
  api.call(staffAccountPassword, input);

/** The login's request schema, whose field rules the form applies before sending. */
export const loginFields = staffLogin.request.shape;
