import { regEmail } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

export async function registerByEmail(input: {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}) {
  const [pwd, rePwd] = await sealPasswords(input.password, input.confirmation);
  return api.call(regEmail, { user: input.email, pwd: pwd!, rePwd: rePwd!, captcha: input.code });
}
