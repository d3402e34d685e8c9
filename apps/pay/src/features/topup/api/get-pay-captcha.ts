import { payGetCaptcha } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

/** A fresh graphic captcha for the top-up form (both variants send its token with the order). */
export function getPayCaptcha() {
  return api.call(payGetCaptcha, {});
}
