import { userEmailBind } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

/** Links or changes the e-mail: the current password always, the old address's code when one is linked. */
export async function bindEmail(input: { email: string; code: string; password: string; oldCode?: string }) {
  const [pwd] = await sealPasswords(input.password);
  return api.call(userEmailBind, {
    user: input.email,
    captcha: input.code,
    pwd: pwd!,
    ...(input.oldCode ? { oldCaptcha: input.oldCode } : {}),
  });
}
