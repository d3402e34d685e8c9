import { captchaGenericSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';

export async function sendRegisterCode(email: string, imgToken: string, captcha: string) {
  const ticket = await solveCaptcha(imgToken, captcha, 'register');
  return api.call(captchaGenericSend, { user: email, type: 'register', captcha: ticket });
}
