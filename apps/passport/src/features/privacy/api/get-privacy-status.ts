import { privacyStatus, type PrivacyStatusData } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/** The member's latest deletion request and whether this login has just cancelled one. */
export function getPrivacyStatus(): Promise<PrivacyStatusData> {
  return api.call(privacyStatus, {});
}
