import { smsGenericSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';

export async function sendSmsCode(
  cid: number,
  tel: string,
  purpose: 'register' | 'reset',
  imgToken: string,
  captcha: string,
) {
  const ticket = await solveCaptcha(imgToken, captcha, purpose);
  return api.call(smsGenericSend, { cid, tel, type: purpose, captcha: ticket });
}
