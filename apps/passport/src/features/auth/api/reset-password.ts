import { emailResetEmail } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

export async function resetPassword(ticket: string, password: string, confirmation: string) {
  const [pwd, rePwd] = await sealPasswords(password, confirmation);
  return api.call(emailResetEmail, { email_ticket: ticket, pwd: pwd!, re_pwd: rePwd! });
}
