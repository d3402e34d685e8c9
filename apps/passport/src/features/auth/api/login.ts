import { gameLogin } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './solve-captcha.ts';
import { sealPasswords } from './seal-passwords.ts';

export interface LoginInput {
  user: string;
  password: string;
  imgToken: string;
  captcha: string;
  keep: boolean;
  gourl: string;
}

/** Captcha first (its ticket is single use), then the sealed password; answers where to go next. */
export async function login(input: LoginInput): Promise<string> {
  const ticket = await solveCaptcha(input.imgToken, input.captcha, 'login');
  const [pwd] = await sealPasswords(input.password);
  const result = await api.call(gameLogin, {
    user: input.user,
    pwd: pwd!,
    captcha: ticket,
    keep: input.keep ? 1 : 0,
    gourl: input.gourl,
  });
  return result.gourl;
}
