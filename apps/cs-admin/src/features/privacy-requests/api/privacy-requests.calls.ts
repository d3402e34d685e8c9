import { bindCalls } from '@gp/api-client';
import type { RequestOf } from '@gp/contracts';
import {
  privacyCancel,
  privacyEraseNow,
  privacyRequestList,
  privacyStaffExport,
} from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/**
 * `erase` deletes a pending deletion's account now, `cancel` withdraws it (the member is told); `memberData` is a
 * member's data as they would download it themselves. All three are recorded and audited.
 */
export const privacyCalls = bindCalls(api, {
  list: privacyRequestList,
  erase: privacyEraseNow,
  cancel: privacyCancel,
  memberData: privacyStaffExport,
});

export type PrivacyRequestQuery = RequestOf<typeof privacyRequestList>;
