import { webpaySwitch } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** Whether top-up is open (spec 7 "Pay switch"): the regional web pay names its distribution region. */
export async function isWebpayOpen(): Promise<boolean> {
  const status = await api.call(webpaySwitch, { distribution_region: site.distributionRegion });
  return status.main_switch_status === 1;
}
