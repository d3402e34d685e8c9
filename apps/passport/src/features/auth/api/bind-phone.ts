import { userHandleTel } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

/**
 * Links or changes the phone: the current password (or a passkey's answer) always, the old number's code when
 * one is linked.
 */
export async function bindPhone(
  input: { cid: number; tel: string; code: string; oldCode?: string } & (
    { password: string } | { passkey: string }
  ),
) {
  if ('passkey' in input) return api.call(userHandleTel, input);
  const { password, ...rest } = input;
  const [pwd] = await sealPasswords(password);
  return api.call(userHandleTel, { ...rest, pwd: pwd! });
}
