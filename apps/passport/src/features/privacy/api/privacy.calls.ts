import { bindCalls } from '@gp/api-client';
import { privacyDelete, privacyExport, privacyStatus } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

export const privacyCalls = /* @__PURE__ */ bindCalls(api, {
  /** Everything the site keeps about the logged-in member, as one document (a few times an hour). */
  myData: privacyExport,
  /** The member's latest deletion request and whether this login has just cancelled one. */
  status: privacyStatus,
  /** Asks to delete the account; `pwd` is sealed as at login. Every session ends with it. */
  requestDeletion: privacyDelete,
});
