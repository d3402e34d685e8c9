import { bindCalls } from '@gp/api-client';
import type { RequestOf } from '@gp/contracts';
import {
  privacyCancel,
  privacyEraseNow,
  privacyOpenDeletion,
  privacyRequestList,
  privacyStaffExport,
} from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/**
 * `erase` deletes a pending deletion's account now, `cancel` withdraws it (the member is told); `memberData` is a
 * member's data as they would download it themselves; `openDeletion` asks for a member who asked customer
 * service, with how their identity was checked. All are recorded and audited.
 */
export const privacyCalls = bindCalls(api, {
  list: privacyRequestList,
  erase: privacyEraseNow,
  cancel: privacyCancel,
  memberData: privacyStaffExport,
  openDeletion: privacyOpenDeletion,
});

export type PrivacyRequestQuery = RequestOf<typeof privacyRequestList>;
