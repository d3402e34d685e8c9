/**
 * Customer service (DESIGN section 6): question types, FAQ, tickets (work orders) with their message thread,
 * attachments and the members' contact info. Shaped for both sides: the player's calls (`/cs/komoe/api/...`)
 * and the staff console (queue filters, reply, recall, editing lock, member history), whose staff accounts live
 * in a later table: staff columns here are plain ids plus a name snapshot until then.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, tsvector, updatedAt } from './columns.ts';
import { game } from './game.schema.ts';
import { member } from './member.schema.ts';
import { outboxMessage } from './passport.schema.ts';
import { staffAccount } from './staff.schema.ts';

/**
 * What a question is about (spec 3 "FAQ" question_type, "Question" type). `gameBaseId` null: offered for every
 * game; otherwise only with that game. `forFaq` / `forTicket`: the spec's `usage` (1 FAQ, 2 ticket).
 */
export const csQuestionType = pgTable(
  'cs_question_type',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stable name for seeds and staff tools. */
    slug: text('slug').notNull().unique(),
    gameBaseId: integer('game_base_id').references(() => game.gameBaseId, { onDelete: 'cascade' }),
    forFaq: boolean('for_faq').notNull().default(true),
    forTicket: boolean('for_ticket').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    isOnline: boolean('is_online').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cs_question_type_game_idx').on(t.gameBaseId)],
);

/** A question type's name per language; readers fall back to en. */
export const csQuestionTypeI18n = pgTable(
  'cs_question_type_i18n',
  {
    questionTypeId: integer('question_type_id')
      .notNull()
      .references(() => csQuestionType.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionTypeId, t.lang] })],
);

/**
 * A number that grows with every statement changing what the players' FAQ lists or finds (cs_faq, cs_faq_i18n,
 * cs_question_type), whoever runs it: the triggers of migration 0036 bump it. One row. The in-memory FAQ search
 * (modules/faq/faq-search.index.ts) reads it to know its copy of the texts is still the database's.
 */
export const csFaqVersion = pgTable('cs_faq_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * An FAQ entry (spec 3 "FAQ": question_id, question_type, title, content, online_type, online_time, is_online).
 * Players see it while `isOnline` and `onlineTime` has come (online_type "now" sets it to the switch time,
 * "scheduled" to a later one). `gameBaseId` null: about every game.
 */
export const csFaq = pgTable(
  'cs_faq',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    gameBaseId: integer('game_base_id').references(() => game.gameBaseId, { onDelete: 'cascade' }),
    questionTypeId: integer('question_type_id')
      .notNull()
      .references(() => csQuestionType.id),
    /** 1 online at once when switched on, 2 scheduled at `onlineTime` (the staff console's choice). */
    onlineType: smallint('online_type').notNull().default(1),
    onlineTime: timestamp('online_time', { withTimezone: true }).notNull().defaultNow(),
    isOnline: boolean('is_online').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cs_faq_game_idx').on(t.gameBaseId),
    index('cs_faq_type_idx').on(t.questionTypeId),
    // The players' FAQ page in its order (faq.repository.ts): a page and its capped count walk this and stop early.
    index('cs_faq_listing_idx').on(t.sort, t.onlineTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The public cache's next scheduled change (public-cache/schedule.repository.ts): the first online time to come.
    index('cs_faq_online_time_idx').on(t.onlineTime),
  ],
);

/** An FAQ entry's text per language (plain text, line breaks kept); readers fall back to en. */
export const csFaqI18n = pgTable(
  'cs_faq_i18n',
  {
    faqId: integer('faq_id')
      .notNull()
      .references(() => csFaq.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  // The players' keyword search reads the texts into memory (modules/faq/faq-search.index.ts): no index of its own.
  (t) => [primaryKey({ columns: [t.faqId, t.lang] })],
);

/**
 * A ticket (spec 3 "Ticket (work order)"). `status`: 0 no reply, 1 processing, 2 replied, 3 closed (the rules
 * are in work-order.service.ts). The thread is in cs_work_order_message.
 */
export const csWorkOrder = pgTable(
  'cs_work_order',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The member who asked (the spec's uid). */
    mid: integer('mid')
      .notNull()
      .references(() => member.mid),
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId),
    questionTypeId: integer('question_type_id')
      .notNull()
      .references(() => csQuestionType.id),
    characterId: text('character_id'),
    characterName: text('character_name'),
    /** Where answers are also sent (spec 5: e-mail required for replies). */
    replyEmail: text('reply_email').notNull(),
    title: text('title').notNull(),
    status: smallint('status').notNull().default(0),
    /** Where the question came from (spec 9 source index; 7 the regional site). */
    source: smallint('source').notNull().default(7),
    /** The page language at submission: the language of notices about this ticket. */
    lang: text('lang').notNull().default('en'),
    /** 1-5 (disappointed..superPraise), changeable within the rating period. */
    grade: smallint('grade'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    /** Why a rating of 1 or 2 was given (`gradeReasons` of @gp/contracts/cs) and the player's words. */
    gradeReason: text('grade_reason'),
    gradeComment: text('grade_comment'),
    /** The member's latest message (question or follow-up): how long the ticket has waited. */
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The latest answer (a reply that set the ticket to replied). Never cleared: a ticket that has it can never
     * go back to no reply (-20001). Starts the rating period and the quiet period before the automatic close.
     */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /**
     * The first staff reply (answer or interim), set once and never changed (the first response time,
     * measured from `createdAt`). A reply recalled later still counts: the agent did respond then.
     */
    firstRepliedAt: timestamp('first_replied_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** `auto` (the quiet-period job) or `staff`. */
    closedBy: text('closed_by'),
    /** The agent who handled it last (the queue's operator filter); staff ids reference the staff table later. */
    operatorStaffId: integer('operator_staff_id'),
    operatorName: text('operator_name'),
    /** The editing lock: held by this agent until it expires (-40001 to anyone else meanwhile). */
    editingStaffId: integer('editing_staff_id'),
    editingStaffName: text('editing_staff_name'),
    editingExpiresAt: timestamp('editing_expires_at', { withTimezone: true }),
    /**
     * The top-up order the ticket is about ("Problem with this order?"): always one of the ticket's member's
     * orders (checked at create); game and character are taken from it. Null for other tickets.
     */
    orderNo: text('order_no'),
    /**
     * The latest message of the thread the member sees (not recalled) is a reply or an order note: the queue's
     * reply_status 1, and a ticket not closed and not answered waits for us since `lastAskedAt`. Kept by the
     * triggers of migration 0032 (function as of 0042) on cs_work_order_message (every insert and update of a
     * message, whoever writes it), so the queue filters and sorts on it with an index instead of looking into each
     * ticket's thread.
     */
    answered: boolean('answered').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cs_work_order_order_no_idx').on(t.orderNo),
    index('cs_work_order_mid_idx').on(t.mid, t.updatedAt),
    index('cs_work_order_status_idx').on(t.status, t.updatedAt),
    index('cs_work_order_created_idx').on(t.createdAt),
    index('cs_work_order_game_idx').on(t.gameBaseId, t.createdAt),
    // The staff queue: a state within a time range, its default order (who waited longest / newest question),
    // and a member's tickets of one game (user_submit_record, the uid filter).
    index('cs_work_order_status_created_idx').on(t.status, t.createdAt),
    index('cs_work_order_last_asked_idx').on(t.lastAskedAt),
    index('cs_work_order_mid_game_idx').on(t.mid, t.gameBaseId, t.createdAt),
    // At a publisher's scale (bench:scale): the queue sorted by last update, filtered by question type or
    // character within its time range (its keywords: cs_work_order_search).
    index('cs_work_order_updated_idx').on(t.updatedAt, t.id),
    index('cs_work_order_type_created_idx').on(t.questionTypeId, t.createdAt),
    index('cs_work_order_character_idx').on(t.characterId),
    // The queue's default order (last asked, newest) under each filter that matches many tickets: the scan reads
    // the page's rows and stops; the filters that match few (member, character) sort what they find.
    index('cs_work_order_answered_asked_idx').on(t.answered, t.lastAskedAt),
    index('cs_work_order_status_asked_idx').on(t.status, t.lastAskedAt),
    index('cs_work_order_game_asked_idx').on(t.gameBaseId, t.lastAskedAt),
    index('cs_work_order_type_asked_idx').on(t.questionTypeId, t.lastAskedAt),
    // The `waiting` order: desk.repository.ts `waitingSince`, the same expression, then the id the other way
    // round - desc is `waiting asc nulls last, id desc` (a forward scan), asc `waiting desc nulls first, id asc`
    // (a backward one; `nulls first` on the id only so that PostgreSQL sees the orders match); without the id,
    // the million tickets not waiting (null) were sorted for the first page.
    index('cs_work_order_waiting_idx').on(
      sql`(case when ${t.status} <> 3 and not ${t.answered} then ${t.lastAskedAt} end)`,
      t.id.desc().nullsFirst(),
    ),
    // The reply-status filter's capped count within the queue's time range.
    index('cs_work_order_answered_created_idx').on(t.answered, t.createdAt),
    // A closed time range in the past sorted by last asked or last updated: one short walk per day of creation the
    // range touches (desk.repository.ts `dayWalks`), instead of one walk down the whole order past every ticket
    // asked or updated since the range's end; created_at last so that the range's first and last day are
    // filtered in the index.
    index('cs_work_order_day_asked_idx').on(sql`gp_day(${t.createdAt})`, t.lastAskedAt, t.id, t.createdAt),
    index('cs_work_order_day_updated_idx').on(sql`gp_day(${t.createdAt})`, t.updatedAt, t.id, t.createdAt),
    check('cs_work_order_status_check', sql`${t.status} between 0 and 3`),
    check('cs_work_order_grade_check', sql`${t.grade} is null or ${t.grade} between 1 and 5`),
    check(
      'cs_work_order_grade_reason_check',
      sql`${t.gradeReason} is null or ${t.gradeReason} in ('slow', 'unsolved', 'unclear', 'unfriendly', 'other')`,
    ),
    // The ratings screens: ratings by week (and by agent / game within it).
    index('cs_work_order_graded_idx').on(t.gradedAt),
  ],
);

/**
 * One message of a ticket's thread: `question` (the first), `follow_up` (the member's later ones), `reply`
 * (an agent's) or `order_note` (what an agent's action on the linked order found: stored as `note`, a code
 * with the order's state and time, so each reader sees it in their own language; `content` stays empty). Each
 * records the state it moved the ticket from and to, so a recall (replies under 2 minutes) can undo exactly
 * its own change; a recalled reply keeps its row (the audit trail) and is hidden from players.
 */
export const csWorkOrderMessage = pgTable(
  'cs_work_order_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => csWorkOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The member who wrote it (question, follow-up); null for replies. */
    mid: integer('mid').references(() => member.mid),
    /** The agent who wrote it (replies) and their name at the time. */
    staffId: integer('staff_id'),
    staffName: text('staff_name'),
    content: text('content').notNull(),
    statusBefore: smallint('status_before'),
    statusAfter: smallint('status_after').notNull(),
    createdAt: createdAt(),
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    recalledByStaffId: integer('recalled_by_staff_id'),
    /**
     * The e-mail notice a reply queued for the player (held back until its recall window has passed), so a
     * recall can take the notice back before it is sent.
     */
    noticeOutboxId: integer('notice_outbox_id').references(() => outboxMessage.id, { onDelete: 'set null' }),
    /** An `order_note`'s parameters (`OrderNote` of @gp/contracts/cs); null for the other kinds. */
    note: jsonb('note'),
  },
  (t) => [
    index('cs_work_order_message_order_idx').on(t.workOrderId, t.id),
    check(
      'cs_work_order_message_kind_check',
      sql`${t.kind} in ('question', 'follow_up', 'reply', 'order_note')`,
    ),
  ],
);

/**
 * The desk's keyword searches (db/text-search.ts `mayContainTriples`): for each ticket, the character triples of
 * its question title, of its member's messages (question, follow-ups) and of its replies, with the two times
 * the queue filters and sorts them by. Kept by the triggers of migration 0044 from cs_work_order and
 * cs_work_order_message, whoever writes them. One row per ticket, so a keyword's tickets come out of one index
 * without visiting each message; indexed by RUM (ordered by last asked, so the newest matches come first and the
 * scan stops) where PostgreSQL has that extension, else by GIN (migration 0044; not declared here, since which one
 * depends on the server).
 */
export const csWorkOrderSearch = pgTable('cs_work_order_search', {
  workOrderId: integer('work_order_id')
    .primaryKey()
    .references(() => csWorkOrder.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull(),
  title: tsvector('title').notNull(),
  asked: tsvector('asked')
    .notNull()
    .default(sql`''::tsvector`),
  replied: tsvector('replied')
    .notNull()
    .default(sql`''::tsvector`),
});

/**
 * A saved reply: a reusable answer agents pick in the batch reply, with a text per language
 * (`cs_saved_reply_text`, en required) that may hold the variables `{nickname}`, `{order_no}` and `{game}`,
 * filled per ticket when sent. `title` is only for agents to find it. Staff columns are ids plus a name
 * snapshot, like the ticket's operator.
 */
export const csSavedReply = pgTable(
  'cs_saved_reply',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    updatedByStaffId: integer('updated_by_staff_id'),
    updatedByName: text('updated_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cs_saved_reply_title_idx').on(t.title)],
);

/** A saved reply's text in one language; a ticket whose language has none gets en. */
export const csSavedReplyText = pgTable(
  'cs_saved_reply_text',
  {
    savedReplyId: integer('saved_reply_id')
      .notNull()
      .references(() => csSavedReply.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedReplyId, t.lang] })],
);

/**
 * An uploaded attachment, bytes included. Kept in the database rather than on disk: outside any web root by
 * construction, the same on PGlite and PostgreSQL, shared by every API process, backed up and deleted together
 * with its ticket, and linked to a message in the same transaction as the message. The id is server-made and
 * random; `fileName` is only the display name. A file not yet sent with a message (`messageId` null) belongs to
 * its uploader alone and is deleted after a day.
 */
export const csFile = pgTable(
  'cs_file',
  {
    id: text('id').primaryKey(),
    /** The member who uploaded it; null for a file an agent uploaded (`staffId`). */
    mid: integer('mid').references(() => member.mid, { onDelete: 'cascade' }),
    staffId: integer('staff_id'),
    workOrderId: integer('work_order_id').references(() => csWorkOrder.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => csWorkOrderMessage.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** `image` (JPEG, PNG) or `log` (UTF-8 text). */
    kind: text('kind').notNull(),
    /** Decided from the content, never from the client's claim. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cs_file_mid_idx').on(t.mid, t.messageId),
    index('cs_file_message_idx').on(t.messageId),
    check('cs_file_kind_check', sql`${t.kind} in ('image', 'log')`),
  ],
);

/** A member's contact info for customer service (spec 3 "Customer contact info"). */
export const csContact = pgTable('cs_contact', {
  mid: integer('mid')
    .primaryKey()
    .references(() => member.mid, { onDelete: 'cascade' }),
  /** Contact name. */
  contacts: text('contacts').notNull(),
  /** 0 secret, 1 male, 2 female. */
  sex: smallint('sex').notNull().default(0),
  mobile: text('mobile').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * An export of the staff queue to .xlsx (desk excel_download_derive): the filters as resolved when it was asked
 * for (the time range fixed then), produced by the export worker in the API process, downloaded through a signed
 * link by the staff member who asked, and deleted with its bytes after a day. `status`: pending (waiting or being
 * made; `leaseUntil` guards a worker's claim), done (`bytes`, `rowCount`), failed (`error`).
 */
export const csExportJob = pgTable(
  'cs_export_job',
  {
    /** Random, unguessable (the task_id of the calls). */
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id),
    /** The staff member's language: column titles and state names of the workbook. */
    lang: text('lang').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    rowCount: integer('row_count'),
    bytes: bytea('bytes'),
    /** Why it failed (never row data). */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('cs_export_job_status_idx').on(t.status, t.createdAt),
    index('cs_export_job_created_idx').on(t.createdAt),
    check('cs_export_job_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);
