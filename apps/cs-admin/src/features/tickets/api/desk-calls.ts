/**
 * The ticket desk's calls (contracts in @gp/contracts/desk) and the customer-service lists the queue filters by.
 * Every answer is parsed by its contract in the client; refusals are `ApiError`s of the staff domain.
 */
import type { RequestOf } from '@gp/contracts';
import { csGameList, questionTypeList, questionTypeUsage } from '@gp/contracts/cs';
import {
  deskExportCheck,
  deskExportStart,
  deskTicketBatchReply,
  deskTicketDetailCall,
  deskTicketLock,
  deskTicketModify,
  deskTicketPage,
  deskTicketRecall,
  deskTicketReply,
  deskTicketUnlock,
  deskUserSubmitRecord,
  faqTitleMatchCall,
} from '@gp/contracts/desk';
import { readCookie } from '@gp/api-client';
import { currentLanguage } from '@gp/i18n';
import { api, csmngBase, staffCsrfCookieName } from '../../../lib/api-client.ts';

export const getTicketPage = (input: RequestOf<typeof deskTicketPage>) => api.call(deskTicketPage, input);
export const getTicketDetail = (workOrderId: number) =>
  api.call(deskTicketDetailCall, { work_order_id: workOrderId });
export const modifyTicket = (input: RequestOf<typeof deskTicketModify>) => api.call(deskTicketModify, input);
export const replyTicket = (input: RequestOf<typeof deskTicketReply>) => api.call(deskTicketReply, input);
export const batchReply = (input: RequestOf<typeof deskTicketBatchReply>) =>
  api.call(deskTicketBatchReply, input);
export const recallReply = (workOrderId: number, messageId: number) =>
  api.call(deskTicketRecall, { work_order_id: workOrderId, message_id: messageId });
export const takeLock = (workOrderId: number, renew: 0 | 1) =>
  api.call(deskTicketLock, { work_order_id: workOrderId, renew });
export const giveLockBack = (workOrderId: number) =>
  api.call(deskTicketUnlock, { work_order_id: workOrderId });
export const startExport = (input: RequestOf<typeof deskExportStart>) => api.call(deskExportStart, input);
export const checkExport = (taskId: string) => api.call(deskExportCheck, { task_id: taskId });
export const getMemberTickets = (input: RequestOf<typeof deskUserSubmitRecord>) =>
  api.call(deskUserSubmitRecord, input);
export const matchFaqTitles = (keywords: string, gameBaseId?: number) =>
  api.call(faqTitleMatchCall, { keywords, game_base_id: gameBaseId, page_size: 8 });
export const getGames = () => api.call(csGameList, {});
/** The question types tickets are filed under: those of every game, plus the game's own when one is given. */
export const getTicketTypes = (gameBaseId?: number) =>
  api.call(questionTypeList, { usage: questionTypeUsage.ticket, game_base_id: gameBaseId });

/** Where an attachment or an export is downloaded: the staff group's base plus the path the server gave. */
export const staffUrl = (path: string) => `${csmngBase}${path}`;

/**
 * Gives the lock back while the page is being unloaded (tab closed, reload): an ordinary call would be cut off,
 * a keepalive fetch is finished by the browser. Best effort: the lock lapses on its own anyway.
 */
export function giveLockBackOnUnload(workOrderId: number): void {
  const params = new URLSearchParams({ lang: currentLanguage() });
  const ct = readCookie(staffCsrfCookieName);
  if (ct) params.set('ct', ct);
  try {
    void fetch(`${csmngBase}${deskTicketUnlock.path}?${params}`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ work_order_id: workOrderId }),
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive support: the lock lapses by itself.
  }
}
