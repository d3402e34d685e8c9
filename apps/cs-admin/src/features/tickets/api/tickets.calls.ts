import { bindCalls } from '@gp/api-client';
import { csGameList, questionTypeList } from '@gp/contracts/cs';
import {
  deskExportCheck,
  deskExportStart,
  deskSavedReplyDelete,
  deskSavedReplyList,
  deskSavedReplySave,
  deskTicketBatchReply,
  deskTicketBatchReplyPreview,
  deskTicketDetailCall,
  deskTicketLock,
  deskTicketModify,
  deskTicketOrderAction,
  deskTicketPage,
  deskTicketRecall,
  deskTicketReply,
  deskTicketUnlock,
  deskUserSubmitRecord,
  faqTitleMatchCall,
} from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

/**
 * The desk's calls. `orderAction` is "ask the payment provider again" / "retry delivery" on a ticket's linked
 * order; `types` lists the question types tickets are filed under (every game's, plus the given game's own).
 */
export const deskCalls = bindCalls(api, {
  page: deskTicketPage,
  detail: deskTicketDetailCall,
  reply: deskTicketReply,
  recall: deskTicketRecall,
  modify: deskTicketModify,
  lock: deskTicketLock,
  unlock: deskTicketUnlock,
  orderAction: deskTicketOrderAction,
  batchReply: deskTicketBatchReply,
  previewBatchReply: deskTicketBatchReplyPreview,
  memberTickets: deskUserSubmitRecord,
  matchFaqTitles: faqTitleMatchCall,
  games: csGameList,
  types: questionTypeList,
  startExport: deskExportStart,
  checkExport: deskExportCheck,
});

export const savedReplyCalls = bindCalls(api, {
  list: deskSavedReplyList,
  save: deskSavedReplySave,
  delete: deskSavedReplyDelete,
});
