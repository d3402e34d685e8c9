import { userSessionEnd, userSessions, userSessionsEndOthers } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

/** The member's live sessions, most recently used first. */
export async function listSessions() {
  return (await api.call(userSessions, {})).list;
}

export function endSession(id: string) {
  return api.call(userSessionEnd, { id });
}

export function endOtherSessions() {
  return api.call(userSessionsEndOthers, {});
}
