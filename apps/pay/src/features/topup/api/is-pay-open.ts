import { paySwitch } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

export async function isPayOpen(): Promise<boolean> {
  return (await api.call(paySwitch, {})).main_switch_status === 1;
}
