import { bindCalls } from '@gp/api-client';
import { userSessionEnd, userSessions, userSessionsEndOthers } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

export const accountSecurityCalls = /* @__PURE__ */ bindCalls(api, {
  /** The member's live sessions, most recently used first. */
  sessions: userSessions,
  endSession: userSessionEnd,
  endOtherSessions: userSessionsEndOthers,
});
