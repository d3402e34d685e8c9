import { captchaAuthSend, smsSend, userEmailBind, userHandleTel } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './captcha.ts';

export async function sendBindEmailCode(email: string, imgToken: string, captcha: string) {
  return api.call(captchaAuthSend, {
    user: email,
    type: 'bind',
    captcha: await solveCaptcha(imgToken, captcha),
  });
}

export function bindEmail(email: string, code: string) {
  return api.call(userEmailBind, { user: email, captcha: code });
}

export async function sendPhoneCode(
  type: 'bind' | 'old',
  cid: number,
  tel: string,
  imgToken: string,
  captcha: string,
) {
  return api.call(smsSend, { cid, tel, type, captcha: await solveCaptcha(imgToken, captcha) });
}

export function bindPhone(input: { cid: number; tel: string; code: string; oldCode?: string }) {
  return api.call(userHandleTel, input);
}
