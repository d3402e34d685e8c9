import { resetPwd } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import { sealPasswords } from './seal-passwords.ts';

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
