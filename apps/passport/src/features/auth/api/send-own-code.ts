import { captchaAuthSend, smsSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';

/**
 * A code to the member's own bound phone or e-mail (type `old`), which proves the account for a change: the
 * member types the bound number or address in full, since the page shows it masked.
 */
export async function sendOwnCode(
  to: { channel: 'sms'; cid: number; tel: string } | { channel: 'email'; email: string },
  imgToken: string,
  captcha: string,
) {
  const ticket = await solveCaptcha(imgToken, captcha, 'account');
  return to.channel === 'sms'
    ? api.call(smsSend, { cid: to.cid, tel: to.tel, type: 'old', captcha: ticket })
    : api.call(captchaAuthSend, { user: to.email, type: 'old', captcha: ticket });
}
