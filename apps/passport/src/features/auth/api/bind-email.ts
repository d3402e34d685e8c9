import { userEmailBind } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

/**
 * Links or changes the e-mail: the current password (or a passkey's answer) always, the old address's code when
 * one is linked.
 */
export async function bindEmail(
  input: { email: string; code: string; oldCode?: string } & ({ password: string } | { passkey: string }),
) {
  return api.call(userEmailBind, {
    user: input.email,
    captcha: input.code,
    ...('passkey' in input ? { passkey: input.passkey } : { pwd: (await sealPasswords(input.password))[0]! }),
    ...(input.oldCode ? { oldCaptcha: input.oldCode } : {}),
  });
}
