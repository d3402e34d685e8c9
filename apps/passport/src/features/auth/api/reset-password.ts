import { emailMailCheck, emailMailSend, emailResetEmail } from '@gp/contracts/passport';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

export function sendResetLink(email: string, imgToken: string, captcha: string) {
  return api.call(emailMailSend, {
    email,
    email_type: 'reset',
    captcha,
    img_token: imgToken,
    distribution_region: site.distributionRegion,
  });
}

export function confirmResetLink(ticket: string, email: string) {
  return api.call(emailMailCheck, { email_ticket: ticket, email, email_type: 'reset' });
}

export async function resetPassword(ticket: string, password: string, confirmation: string) {
  const [pwd, rePwd] = await sealPasswords(password, confirmation);
  return api.call(emailResetEmail, { email_ticket: ticket, pwd: pwd!, re_pwd: rePwd! });
}
