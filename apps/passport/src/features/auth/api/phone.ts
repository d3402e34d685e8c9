import { countryList, regByTel, resetPwd, smsGenericSend } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { solveCaptcha } from './captcha.ts';
import { sealPasswords } from './seal-passwords.ts';

export function getCountries() {
  return api.call(countryList, {});
}

export async function sendSmsCode(
  cid: number,
  tel: string,
  purpose: 'register' | 'reset',
  imgToken: string,
  captcha: string,
) {
  const ticket = await solveCaptcha(imgToken, captcha);
  return api.call(smsGenericSend, { cid, tel, type: purpose, captcha: ticket });
}

export async function registerByPhone(input: {
  cid: number;
  tel: string;
  code: string;
  nickName: string;
  password: string;
  confirmation: string;
}) {
  const [pwd, repeatPwd] = await sealPasswords(input.password, input.confirmation);
  return api.call(regByTel, {
    cid: input.cid,
    tel: input.tel,
    code: input.code,
    nickName: input.nickName,
    pwd: pwd!,
    repeatPwd: repeatPwd!,
  });
}

export async function resetByPhone(input: {
  cid: number;
  tel: string;
  code: string;
  password: string;
  confirmation: string;
}) {
  const [pwd, repeatPwd] = await sealPasswords(input.password, input.confirmation);
  return api.call(resetPwd, {
    cid: input.cid,
    tel: input.tel,
    code: input.code,
    pwd: pwd!,
    repeatPwd: repeatPwd!,
  });
}
