import { emailMailSend } from '@gp/contracts/passport';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function sendResetLink(email: string, imgToken: string, captcha: string) {
  return api.call(emailMailSend, {
    email,
    email_type: 'reset',
    captcha,
    img_token: imgToken,
    distribution_region: site.distributionRegion,
  });
}
