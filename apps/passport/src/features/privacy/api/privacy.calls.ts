import { bindCalls } from '@gp/api-client';
import {
  privacyCodeSend,
  privacyConfirm,
  privacyDelete,
  privacyExport,
  privacyStatus,
} from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

export const privacyCalls = /* @__PURE__ */ bindCalls(api, {
  /**
   * Everything the site keeps about the logged-in member, as one document (a few times an hour); -741 until the
   * member proved it is them on this session in the last few minutes (`confirm`).
   */
  myData: privacyExport,
  /** The member's latest deletion request and whether this login has just cancelled one. */
  status: privacyStatus,
  /** Asks to delete the account with the owner's proof (`pwd` sealed as at login, or `code`). Every session ends. */
  requestDeletion: privacyDelete,
  /** The owner's proof for the download: this session may download for a few minutes. */
  confirm: privacyConfirm,
  /** E-mails the code of a member without a password. */
  sendCode: privacyCodeSend,
});
