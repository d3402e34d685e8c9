import { captchaGenericSend, resetPwd } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';
import { solveCaptcha } from './solve-captcha.ts';

/** A reset code by e-mail; answered alike whether the address has an account. */
export async function sendResetEmailCode(email: string, imgToken: string, captcha: string) {
  const ticket = await solveCaptcha(imgToken, captcha, 'reset');
  return api.call(captchaGenericSend, { user: email, type: 'reset', captcha: ticket });
}

/** Spec 7 /web/reset/pwd in its e-mail form: the address, the e-mail code, the new password twice. */
export async function resetByEmailCode(input: {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}) {
  const [pwd, rePwd] = await sealPasswords(input.password, input.confirmation);
  return api.call(resetPwd, { user: input.email, captcha: input.code, pwd: pwd!, rePwd: rePwd! });
}
