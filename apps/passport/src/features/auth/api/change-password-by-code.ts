import { userChangePwd, userPwdUpdate } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

/** The spec's password change confirmed by a code to the bound phone or e-mail, without the old password. */
export async function changePasswordByCode(input: {
  channel: 'sms' | 'email';
  code: string;
  password: string;
  confirmation: string;
}) {
  const [pwd, again] = await sealPasswords(input.password, input.confirmation);
  return input.channel === 'sms'
    ? api.call(userChangePwd, { code: input.code, pwd: pwd!, repeatPwd: again! })
    : api.call(userPwdUpdate, { captcha: input.code, pwd: pwd!, rePwd: again! });
}
