import { verifyCaptcha } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

/** Turns the typed characters into the one-time ticket the next call needs. */
export async function solveCaptcha(imgToken: string, answer: string): Promise<string> {
  return (await api.call(verifyCaptcha, { img_token: imgToken, captcha: answer })).ticket;
}
