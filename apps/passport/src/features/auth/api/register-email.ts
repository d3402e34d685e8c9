import { captchaGenericSend, regEmail } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './captcha.ts';
import { sealPasswords } from './seal-passwords.ts';

export async function sendRegisterCode(email: string, imgToken: string, captcha: string) {
  const ticket = await solveCaptcha(imgToken, captcha);
  return api.call(captchaGenericSend, { user: email, type: 'register', captcha: ticket });
}

export async function registerByEmail(input: {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}) {
  const [pwd, rePwd] = await sealPasswords(input.password, input.confirmation);
  return api.call(regEmail, { user: input.email, pwd: pwd!, rePwd: rePwd!, captcha: input.code });
}
