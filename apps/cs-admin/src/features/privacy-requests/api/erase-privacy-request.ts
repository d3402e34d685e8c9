import { privacyEraseNow, type PrivacyRequestItem } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/** Erases a pending deletion's account now (audited). */
export const erasePrivacyRequest = (requestId: number): Promise<PrivacyRequestItem> =>
  api.call(privacyEraseNow, { request_id: requestId });
