import { smsSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';

export async function sendPhoneCode(
  type: 'bind' | 'old',
  cid: number,
  tel: string,
  imgToken: string,
  captcha: string,
) {
  return api.call(smsSend, { cid, tel, type, captcha: await solveCaptcha(imgToken, captcha, 'account') });
}
