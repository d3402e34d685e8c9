import { emailChangePassword } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

export async function changePassword(old: string, next: string, again: string) {
  const [oldPwd, newPwd, rePwd] = await sealPasswords(old, next, again);
  return api.call(emailChangePassword, { old_pwd: oldPwd!, new_pwd: newPwd!, re_pwd: rePwd! });
}
