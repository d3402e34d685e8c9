import { captchaAuthSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';

/** `bind`: a code to the e-mail to link; `old`: a code to the e-mail linked now (needed to change it). */
export async function sendBindEmailCode(
  email: string,
  imgToken: string,
  captcha: string,
  type: 'bind' | 'old' = 'bind',
) {
  return api.call(captchaAuthSend, {
    user: email,
    type,
    captcha: await solveCaptcha(imgToken, captcha, 'account'),
  });
}
