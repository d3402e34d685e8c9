import { imgCaptcha } from '@gp/contracts/passport';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getCaptcha() {
  return api.call(imgCaptcha, { distribution_region: site.distributionRegion });
}
