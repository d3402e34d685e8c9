import { bindCalls } from '@gp/api-client';
import type { RequestOf, ResponseOf } from '@gp/contracts';
import { staffAccountPassword, staffCaptcha, staffLogin } from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

/** `login` answers a session, or (for an account with a second factor) the second step still to do. */
export const authCalls = bindCalls(api, {
  captcha: staffCaptcha,
  login: staffLogin,
  changePassword: staffAccountPassword,
});

export type Captcha = ResponseOf<typeof staffCaptcha>;
export type LoginInput = RequestOf<typeof staffLogin>;
export type PasswordInput = RequestOf<typeof staffAccountPassword>;

/** The login's request schema, whose field rules the form applies before sending. */
export const loginFields = staffLogin.request.shape;
