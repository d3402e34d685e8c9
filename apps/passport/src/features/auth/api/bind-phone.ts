import { userHandleTel } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

export function bindPhone(input: { cid: number; tel: string; code: string; oldCode?: string }) {
  return api.call(userHandleTel, input);
}
