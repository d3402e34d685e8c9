import { verifyCaptcha, type CaptchaAction } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

/**
 * Turns the typed characters into the one-time ticket the next call needs; the ticket is good only for the calls
 * of `action` (a login, a sign-up or reset code, the member's own code sends).
 */
export async function solveCaptcha(imgToken: string, answer: string, action: CaptchaAction): Promise<string> {
  return (await api.call(verifyCaptcha, { img_token: imgToken, captcha: answer, action })).ticket;
}
