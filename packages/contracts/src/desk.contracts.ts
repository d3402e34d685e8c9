/**
 * The ticket desk (spec 7 "Staff" tickets): the staff side of customer-service tickets, served
 * in the `csmng` group like the other staff calls (see staff.contracts.ts for sessions, CSRF and privileges).
 *
 * Editing lock: an agent takes a ticket with `editing_lock` while writing and renews it while typing; it lapses
 * after `deskPolicy.lockIdleMs` without renewal (the holder went idle) or with `back_editing_finished`. While
 * another agent's lock is live, every write on that ticket (reply, batch reply, modify, recall, taking the lock)
 * answers -40001 with `lockHolderData` naming the holder. A reply ends the replier's own lock.
 *
 * Recall: the author of a reply may recall it while it is under `deskPolicy.recallWindowMs` old (-40004 after;
 * -401 for someone else's reply). The player never sees a recalled reply (nor its e-mail notice, which waits out
 * the recall window before it is sent); the ticket returns to the state the reply found it in when nothing
 * happened since; the staff detail and the audit log keep it.
 *
 * Codes answered here (staff domain): -101, -110, -401 as for every staff call; -404 no such ticket / message;
 * -20001 back to no reply after an answer; -20003 the ticket is closed; -40001 held by another agent
 * (`lockHolderData`); -40003 renewing a lock the caller no longer holds; -40004 recall window passed; -400 with
 * field `end_time` code `range_too_long` when the time range is over three months.
 */
import { z } from 'zod';
import {
  csFileItem,
  orderNote,
  questionContentRule,
  workOrderStatuses,
  workOrderSummary,
} from './cs.contracts.ts';
import { pageNum, pageOf } from './define.ts';
import { payAdminOrderDetail } from './pay-admin.contracts.ts';
import { orderTimelineEntry } from './pay.contracts.ts';
import { orderStates, orderStatuses } from './pay-values.ts';
import { defineStaffCall } from './staff.contracts.ts';

// ---- Business constants ----

export const deskPolicy = {
  /** A reply can be recalled by its author while younger than this (spec 9: 2 minutes). */
  recallWindowMs: 2 * 60_000,
  /** An editing lock lapses this long after it was taken or last renewed (the holder went idle). */
  lockIdleMs: 5 * 60_000,
  /** The console renews a held lock at most this often while the agent types. */
  lockRenewEveryMs: 60_000,
  /** The queue's time range (created_at) spans at most three calendar months (spec 5, 9). */
  maxRangeMonths: 3,
  /** Tickets one batch reply can cover. */
  maxBatch: 100,
  /** Rows one export can hold; a larger filtered set is refused (-400, field `end_time`, `too_many_rows`). */
  maxExportRows: 50_000,
  /** How long a finished export's signed download link works. */
  exportLinkTtlMs: 10 * 60_000,
} as const;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });
const keyword = z.string().trim().max(100).optional();
/** Staff pages are longer than players' (agents scan the queue). */
const deskPageSize = z.coerce.number().int().min(1).max(100).default(20);

/** What a reply sets the ticket to: 1 processing (an interim answer) or 2 replied (the answer). */
export const replyStatusRule = z.coerce.number().pipe(z.literal([1, 2]));
/** A reply's text: the same rule as the player's question content (1-1000 characters, line breaks kept). */
export const replyContentRule = questionContentRule;

/** The form of the reply editor (reply and batch reply share it). */
export const replyFormSchema = z.object({
  reply_content: replyContentRule,
  reply_status: replyStatusRule,
});
export type ReplyForm = z.input<typeof replyFormSchema>;

/**
 * The queue's orders. `waiting`: how long the ticket has waited for us (see `waiting_since`): `desc` the longest
 * waiting first, tickets not waiting for us last; `asc` the reverse.
 */
export const deskOrderKeys = [
  'created_at',
  'updated_at',
  'last_asked_at',
  'work_order_id',
  'waiting',
] as const;

/**
 * The queue's filters (spec 3 "Ticket"), shared by the page and the export. Keywords match case-insensitively
 * inside: `question_keyword` the title, `content_keyword` the member's messages, `answer_keyword` the agents'
 * replies (recalled ones too). `reply_status`: 0 waiting for us (the member's latest message is newer than any
 * answer), 1 answered (a reply or an order note is the latest). `operator_name`: part of the name of the agent who handled the
 * ticket last. `start_time` (inclusive) / `end_time` (exclusive) bound created_at; when absent the range is the
 * three months up to now (or around the one bound given); more than three months is refused. `work_order_id`
 * finds one ticket by its number: without `start_time` / `end_time` whenever it was created.
 */
export const deskFilters = z.object({
  work_order_id: positiveId.optional(),
  work_order_status: z.coerce.number().pipe(z.literal(workOrderStatuses)).optional(),
  game_base_id: positiveId.optional(),
  question_type: positiveId.optional(),
  character_id: z.string().trim().min(1).max(64).optional(),
  /** The member's id (mid). */
  uid: positiveId.optional(),
  reply_status: z.coerce
    .number()
    .pipe(z.literal([0, 1]))
    .optional(),
  question_keyword: keyword,
  content_keyword: keyword,
  answer_keyword: keyword,
  start_time: isoTime.optional(),
  end_time: isoTime.optional(),
  operator_name: z.string().trim().min(1).max(64).optional(),
  order_key: z.enum(deskOrderKeys).default('last_asked_at'),
  order_type: z.enum(['asc', 'desc']).default('desc'),
});
export type DeskFilters = z.input<typeof deskFilters>;

// ---- Answers ----

/** Who holds a ticket's editing lock, and until when (it lapses unless renewed). Also -40001's `data`. */
export const lockHolderData = z.object({
  staff_id: z.number().int(),
  account_name: z.string(),
  expires_at: z.string(),
});
export type LockHolderData = z.infer<typeof lockHolderData>;

/** A ticket as the queue shows it: the player's summary plus what agents work by. */
export const deskTicketSummary = workOrderSummary.extend({
  uid: z.number().int(),
  nickname: z.string(),
  /** The member's latest question or follow-up: how long the ticket has waited. */
  last_asked_at: z.string(),
  /** 1 when a reply or an order note is the latest message (see the `reply_status` filter). */
  reply_status: z.literal([0, 1]),
  operator_name: z.string().nullable(),
  /** The live editing lock, or null. */
  lock: lockHolderData.nullable(),
  /** The page language the player asked in (notices go out in it). */
  lang: z.string(),
  /**
   * Since when the ticket has waited for us: `last_asked_at` while the member's message is the latest and the
   * ticket is open; null when it is answered or closed.
   */
  waiting_since: z.string().nullable(),
  /** The first staff reply (answer or interim; set once), null before any: the first response time. */
  first_replied_at: z.string().nullable(),
});
export type DeskTicketSummary = z.infer<typeof deskTicketSummary>;

export const deskTicketPageData = pageOf(deskTicketSummary);
export type DeskTicketPageData = z.infer<typeof deskTicketPageData>;

/** An attachment as staff fetch it: `download_path` is relative to the csmng group's base URL. */
export const deskFileItem = csFileItem.extend({ download_path: z.string() });

/** One message of the thread as staff see it: recalled replies included, with who wrote what. */
export const deskMessage = z.object({
  message_id: z.number().int(),
  /** `order_note`: what an agent's action on the linked order found (`note`, worded by the console). */
  kind: z.enum(['question', 'follow_up', 'reply', 'order_note']),
  content: z.string(),
  note: orderNote.nullable(),
  created_at: z.string(),
  /** The agent who wrote a reply (their name at the time); null for the member's messages. */
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  /** Set when the reply was recalled: the player does not see it. */
  recalled_at: z.string().nullable(),
  /** A reply's author may recall it until then (null when it cannot be recalled any more, or not a reply). */
  recall_until: z.string().nullable(),
  attachments: z.array(deskFileItem),
});
export type DeskMessage = z.infer<typeof deskMessage>;

/**
 * The top-up order a ticket is about ("Problem with this order?"), as an agent sees it: its state and timeline
 * for everyone who may read the ticket; the pay console's detail (amounts, provider, state changes, delivery,
 * refund) in `pay` only for staff with the `catalog` privilege (null otherwise), who may also act on it
 * (`order_action`).
 */
export const deskLinkedOrder = z.object({
  order_no: z.string(),
  state: z.enum(orderStates),
  status: z.enum(orderStatuses),
  game_name: z.string(),
  server_name: z.string(),
  cp_role_id: z.string(),
  role_name: z.string(),
  product_name: z.string(),
  created_at: z.string(),
  timeline: z.array(orderTimelineEntry),
  pay: payAdminOrderDetail.nullable(),
});
export type DeskLinkedOrder = z.infer<typeof deskLinkedOrder>;

export const deskTicketDetail = deskTicketSummary.extend({
  /** Where answers are also sent. */
  email: z.string(),
  messages: z.array(deskMessage),
  /** The linked top-up order's number, or null (see `order`). */
  order_no: z.string().nullable(),
  /** The linked order (`deskLinkedOrder`); null when the ticket has none or it no longer exists. */
  order: deskLinkedOrder.nullable(),
});
export type DeskTicketDetail = z.infer<typeof deskTicketDetail>;

/** One ticket's outcome in a batch reply: replied, or refused with its code (and the holder for -40001). */
export const batchReplyResult = z.object({
  work_order_id: z.number().int(),
  code: z.number().int(),
  lock: lockHolderData.nullable(),
});

export const exportStatus = z.enum(['pending', 'done', 'failed']);

/** An FAQ entry matching what the agent types, to insert into the reply. */
export const faqTitleMatch = z.object({
  question_id: z.number().int(),
  question_title: z.string(),
  question_content: z.string(),
});

// ---- Calls ----

/** The queue: tickets matching the filters, a page at a time. */
export const deskTicketPage = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/page',
  encoding: 'json',
  privilege: 'tickets.read',
  keepsPublicData: true,
  request: deskFilters.extend({ page_num: pageNum, page_size: deskPageSize }),
  response: deskTicketPageData,
});

/** One ticket with its whole thread (recalled replies marked) and attachments. -404 none. */
export const deskTicketDetailCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/work_order/detail',
  privilege: 'tickets.read',
  keepsPublicData: true,
  request: z.object({ work_order_id: positiveId }),
  response: deskTicketDetail,
});

/**
 * Changes a ticket's state and / or re-files it under another question type (of its game, offered for tickets:
 * -400 field `question_type` otherwise). -20001 / -20003 per the ticket rules; -40001 held by another.
 */
export const deskTicketModify = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/modify',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({
    work_order_id: positiveId,
    work_order_status: z.coerce.number().pipe(z.literal(workOrderStatuses)).optional(),
    question_type: positiveId.optional(),
  }),
  response: deskTicketSummary,
});

/**
 * Answers a ticket (see `replyFormSchema`); the player sees it at once and gets an e-mail notice in the ticket's
 * language once the recall window has passed. Ends the replier's editing lock. -20003 closed; -40001 held.
 */
export const deskTicketReply = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/reply',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: replyFormSchema.extend({ work_order_id: positiveId }),
  response: z.object({ work_order_id: z.number().int(), message_id: z.number().int() }),
});

// ---- Saved replies in each player's language: the ticket's language picks the text ----

/** The languages a saved reply has texts in (en first: required, and the fallback). */
export const replyLanguages = ['en', 'th', 'cn', 'vi', 'zh'] as const;
export type ReplyLanguage = (typeof replyLanguages)[number];

/**
 * The variables a per-language reply may hold, filled per ticket when it is sent: the member's nickname, the
 * order number linked to the ticket (empty when it has none) and the game's name in the ticket's language.
 */
export const replyVariables = ['nickname', 'order_no', 'game'] as const;
export type ReplyVariable = (typeof replyVariables)[number];

const optionalReplyText = z
  .union([z.string().trim().length(0), replyContentRule])
  .nullish()
  .transform((v) => (v ? v : undefined));

/** A reply's text per language: en required, the others optional (left out, null or blank: none; en is sent). */
export const replyTexts = z.object({
  en: replyContentRule,
  th: optionalReplyText,
  cn: optionalReplyText,
  vi: optionalReplyText,
  zh: optionalReplyText,
});
export type ReplyTexts = z.input<typeof replyTexts>;

/** A saved reply's title (for agents to find it): 1-100 characters, one line. */
export const savedReplyTitleRule = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a one-line title refuses
  .regex(/^[^\u0000-\u001F\u007F]+$/);

/** The saved reply form (create without `saved_reply_id`, else edit; texts replace the stored ones). */
export const savedReplyFormSchema = z.object({
  saved_reply_id: positiveId.optional(),
  title: savedReplyTitleRule,
  texts: replyTexts,
});
export type SavedReplyForm = z.input<typeof savedReplyFormSchema>;

/** A saved reply with its texts (a language without one is null). */
export const savedReplyItem = z.object({
  saved_reply_id: z.number().int(),
  title: z.string(),
  texts: z.object({
    en: z.string(),
    th: z.string().nullable(),
    cn: z.string().nullable(),
    vi: z.string().nullable(),
    zh: z.string().nullable(),
  }),
  updated_at: z.string(),
  /** The agent who saved it last (their name then). */
  updated_by: z.string().nullable(),
});
export type SavedReplyItem = z.infer<typeof savedReplyItem>;

/** The saved replies, by title. */
export const deskSavedReplyList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/saved_reply/list',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({}),
  response: z.object({ list: z.array(savedReplyItem) }),
});

/** Creates or edits a saved reply (audited as ticket.saved_reply.save). -404 no such saved reply. */
export const deskSavedReplySave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/saved_reply/save',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: savedReplyFormSchema,
  response: savedReplyItem,
});

/** Deletes a saved reply (audited as ticket.saved_reply.delete with its texts). -404 none. */
export const deskSavedReplyDelete = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/saved_reply/delete',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({ saved_reply_id: positiveId }),
  response: z.null(),
});

const batchList = z
  .array(positiveId)
  .min(1)
  .max(deskPolicy.maxBatch)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'each ticket once' });

/**
 * One ticket's reply as a per-language batch reply would send it: the language chosen (the ticket's, else en)
 * and the text with its variables filled. `code` is 0, -404 (no such ticket) or -400 (the filled text is over
 * the reply's length).
 */
export const batchReplyPreviewItem = z.object({
  work_order_id: z.number().int(),
  code: z.number().int(),
  /** The ticket's language. */
  ticket_lang: z.string().nullable(),
  /** The language of the text used: the ticket's when the reply has a text in it, else en. */
  lang: z.enum(replyLanguages),
  content: z.string(),
});
export type BatchReplyPreviewItem = z.infer<typeof batchReplyPreviewItem>;

/** What a per-language batch reply would send each ticket (nothing is written). */
export const deskTicketBatchReplyPreview = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/batch_reply_preview',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({ work_order_list: batchList, reply_texts: replyTexts }),
  response: z.object({ list: z.array(batchReplyPreviewItem) }),
});

/**
 * An answer to each selected ticket, each on its own (one refused ticket does not stop the others): each
 * result has code 0 or why it was refused (-20003, -40001 with the holder, -404, -400 for a filled text over the
 * reply's length). Either `reply_content`, the same text to every ticket as written, or `reply_texts`, a text
 * per language: each ticket gets its language's (else en) with the variables filled (see
 * `deskTicketBatchReplyPreview`).
 */
export const deskTicketBatchReply = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/batch_reply',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z
    .object({
      reply_status: replyStatusRule,
      reply_content: replyContentRule.optional(),
      reply_texts: replyTexts.optional(),
      work_order_list: batchList,
    })
    .superRefine((value, ctx) => {
      if ((value.reply_content === undefined) === (value.reply_texts === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['reply_content'], message: 'reply_content or reply_texts' });
      }
    }),
  response: z.object({ list: z.array(batchReplyResult) }),
});

/** Recalls one's own reply while under two minutes old (-40004 after, -401 another's, -404 none). */
export const deskTicketRecall = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/recall',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({ work_order_id: positiveId, message_id: positiveId }),
  response: deskTicketSummary,
});

/**
 * Takes or renews the editing lock for `deskPolicy.lockIdleMs`. -40001 (with the holder) while another agent's
 * lock is live. With `renew` 1 (the console's heartbeat) -40003 when the caller's lock has lapsed meanwhile, so
 * the agent learns that someone may have answered in between.
 */
export const deskTicketLock = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/editing_lock',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({ work_order_id: positiveId, renew: z.literal([0, 1]).default(0) }),
  response: lockHolderData,
});

/** Gives the caller's lock back (nothing happens when they do not hold it). */
export const deskTicketUnlock = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/back_editing_finished',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({ work_order_id: positiveId }),
  response: z.null(),
});

/**
 * Starts an export of the filtered queue (all pages) to .xlsx, produced as a job; poll `excel_sign_check`.
 * -400 (`end_time` `range_too_long` / `too_many_rows`) like the page.
 */
export const deskExportStart = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/excel_download_derive',
  encoding: 'json',
  privilege: 'tickets.export',
  keepsPublicData: true,
  request: deskFilters,
  response: z.object({ task_id: z.string() }),
});

/**
 * An export's progress. When `done`, `download_url` (relative to the csmng base URL) is signed for the caller and
 * works until `expires_at`; ask again for a fresh link. Only the staff member who started it sees it (-404).
 */
export const deskExportCheck = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/work_order/excel_sign_check',
  privilege: 'tickets.export',
  keepsPublicData: true,
  request: z.object({ task_id: z.string().trim().min(1).max(64) }),
  response: z.object({
    status: exportStatus,
    rows: z.number().int().nullable(),
    download_url: z.string().nullable(),
    expires_at: z.string().nullable(),
  }),
});

/** The member's tickets (newest first) for one game, shown beside a ticket. */
export const deskUserSubmitRecord = defineStaffCall({
  method: 'POST',
  path: '/mng/work_order/user_submit_record',
  encoding: 'json',
  privilege: 'tickets.read',
  keepsPublicData: true,
  request: z.object({
    game_base_id: positiveId,
    uid: positiveId,
    page_num: pageNum,
    page_size: deskPageSize,
  }),
  response: deskTicketPageData,
});

/**
 * FAQ entries whose title contains the keywords (online ones first), in `lang` (default: the common `lang`),
 * for the game and those about every game.
 */
export const faqTitleMatchCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/question/title_match',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({
    keywords: z.string().trim().min(1).max(100),
    game_base_id: positiveId.optional(),
    page_num: pageNum,
    page_size: z.coerce.number().int().min(1).max(20).default(8),
  }),
  response: pageOf(faqTitleMatch),
});

/** What an agent can do with a ticket's linked order from the ticket, without going to the pay console. */
export const orderActions = ['ask_provider', 'retry_delivery'] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * Acts on the ticket's linked order: `ask_provider` asks the payment provider about the payment again and applies
 * its answer (as the settlement screen's "ask again"); `retry_delivery` puts a dead-lettered credit back in the
 * delivery worker's queue (as the pay console's "retry delivery"). Needs `tickets.reply` and the `catalog`
 * (payments) privilege (-401 without it). Each is audited and adds an `order_note` to the thread that the player
 * reads in their language. Refusals: -404 no such ticket; -400 field `work_order_id` code `no_order` (the ticket
 * has no linked order); for `retry_delivery` -400 field `order_no` `no_delivery` / `not_owed` / `not_dead` (see
 * the pay console's retry); -20003 the ticket is closed; -40001 held by another agent.
 */
export const deskTicketOrderAction = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/work_order/order_action',
  encoding: 'json',
  privilege: 'tickets.reply',
  keepsPublicData: true,
  request: z.object({ work_order_id: positiveId, action: z.enum(orderActions) }),
  response: z.object({ message_id: z.number().int(), note: orderNote, order: deskLinkedOrder }),
});

/** Staff attachment download (not a JSON call): GET `${csmngBase}${deskFilePath(id)}`, tickets.read. */
export function deskFilePath(fileId: string): string {
  return `/komoe/mng/work_order/file?file_id=${encodeURIComponent(fileId)}`;
}
