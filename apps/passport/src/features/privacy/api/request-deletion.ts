import { privacyDelete, type PrivacyStatusData } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/** Asks to delete the account; `sealedPassword` is sealed as at login. Every session ends with it. */
export function requestDeletion(sealedPassword: string): Promise<PrivacyStatusData> {
  return api.call(privacyDelete, { pwd: sealedPassword });
}
