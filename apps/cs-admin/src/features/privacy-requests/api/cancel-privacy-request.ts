import { privacyCancel, type PrivacyRequestItem } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/** Cancels a pending deletion (audited; the member is told). */
export const cancelPrivacyRequest = (requestId: number): Promise<PrivacyRequestItem> =>
  api.call(privacyCancel, { request_id: requestId });
