// What routes and the app may use of this feature; everything else stays inside it.
export { deskCalls, savedReplyCalls } from './api/tickets.calls.ts';
export { type LockState, useEditLock } from './api/use-edit-lock.ts';
export { BatchReply } from './components/batch-reply.tsx';
export { ExportPanel } from './components/export-panel.tsx';
export { LinkedOrder } from './components/linked-order.tsx';
export { MemberHistory } from './components/member-history.tsx';
export { QueueFilters } from './components/queue-filters.tsx';
export { ReplyEditor } from './components/reply-editor.tsx';
export { SavedReplyForm } from './components/saved-reply-form.tsx';
export { TicketHeader } from './components/ticket-header.tsx';
export { TicketModify } from './components/ticket-modify.tsx';
export { TicketTable } from './components/ticket-table.tsx';
export { TicketThread } from './components/ticket-thread.tsx';
export { deskErrorText } from './model/desk-errors.ts';
export {
  filtersOf,
  type FilterValues,
  pageSizeOptions,
  parseQueueQuery,
  type QueueQuery,
  queueSearch,
  withFilters,
} from './model/queue-query.ts';
export { languagesWithText } from './model/reply-texts.ts';
