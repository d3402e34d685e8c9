import { captchaAuthSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';

export async function sendBindEmailCode(email: string, imgToken: string, captcha: string) {
  return api.call(captchaAuthSend, {
    user: email,
    type: 'bind',
    captcha: await solveCaptcha(imgToken, captcha, 'account'),
  });
}
