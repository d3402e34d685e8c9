import { regByTel } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

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
