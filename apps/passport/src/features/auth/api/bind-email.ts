import { userEmailBind } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

export function bindEmail(email: string, code: string) {
  return api.call(userEmailBind, { user: email, captcha: code });
}
