/**
 * Customer-service group (spec 7 "Customer service (cs)"): the FAQ, tickets (work orders) with their thread,
 * ratings, contact info and attachments, as players use them. Every path lives under the `cs` group
 * (`/cs/komoe/api/...` on the API host).
 *
 * Member calls carry the CSRF token `ct` like every member call (the client adds it). JSON calls (spec 7:
 * work_order/page and work_order/create) send their fields as a JSON body; the upload is multipart; the rest are
 * query strings (GET) or form bodies (POST).
 *
 * The field rules of spec 5 are exported below (`contactNameRule`, `questionFormSchema`...) so the screens check
 * exactly what the server checks. Times are ISO 8601 in UTC.
 */
import { z } from 'zod';
import { defineCall, pageNum, pageOf, pageSize } from './define.ts';
import { payOrderTracked } from './pay.contracts.ts';
import { orderStates } from './pay-values.ts';

// ---- Business constants (spec 4, 5, 9) ----

/**
 * Ticket states as the player sees them (spec 4 "Ticket states"):
 * - 0 no reply: waiting for customer service;
 * - 1 processing: customer service is working on it (an agent took it, sent an interim reply, or the player
 *   followed up and waits for the answer);
 * - 2 replied: customer service answered; the player may follow up or rate;
 * - 3 closed: nothing more happens (closed by an agent, or automatically after a quiet period once replied).
 */
export const workOrderStatus = { noReply: 0, processing: 1, replied: 2, closed: 3 } as const;
export type WorkOrderStatus = (typeof workOrderStatus)[keyof typeof workOrderStatus];
export const workOrderStatuses = [0, 1, 2, 3] as const satisfies readonly WorkOrderStatus[];
/** Stable names of the states, e.g. for translation keys (`service.status.noReply`). */
export const workOrderStatusNames = {
  0: 'noReply',
  1: 'processing',
  2: 'replied',
  3: 'closed',
} as const satisfies Record<WorkOrderStatus, string>;

/** Ratings (spec 4, 9): five levels shown as 1-5 stars with these names. */
export const grades = [1, 2, 3, 4, 5] as const;
export type Grade = (typeof grades)[number];
export const gradeNames = {
  1: 'disappointed',
  2: 'discontent',
  3: 'general',
  4: 'satisfaction',
  5: 'superPraise',
} as const satisfies Record<Grade, string>;

/**
 * Why a player rated 1 or 2, which the console's ratings show the leads: a rating at or below `lowGradeMax` needs
 * one of these (-10008 otherwise), plus free text up to `gradeCommentMax` characters. A higher rating clears both.
 */
export const gradeReasons = ['slow', 'unsolved', 'unclear', 'unfriendly', 'other'] as const;
export type GradeReason = (typeof gradeReasons)[number];
export const lowGradeMax = 2;
export const gradeCommentMax = 500;

/** Gender of the contact info (spec 3): secret, male, female. */
export const sex = { secret: 0, male: 1, female: 2 } as const;
export type Sex = (typeof sex)[keyof typeof sex];
export const sexNames = { 0: 'secret', 1: 'male', 2: 'female' } as const satisfies Record<Sex, string>;

/** What a question type is offered for: 1 filing FAQ entries (the FAQ filter), 2 submitting a ticket. */
export const questionTypeUsage = { faq: 1, ticket: 2 } as const;

/**
 * Customer-service timings. A replied ticket with no further activity closes automatically after
 * `autoCloseAfterMs`; a ticket can be rated (and the rating changed) while it is replied or closed, until
 * `gradeWindowMs` after the latest answer.
 */
export const csPolicy = {
  autoCloseAfterMs: 72 * 3_600_000,
  gradeWindowMs: 7 * 24 * 3_600_000,
} as const;

/** Attachments (spec 5): at most 5 MB (5 x 1024 x 1024 bytes) each, JPG / JPEG / PNG images or LOG text files. */
export const uploadPolicy = {
  maxBytes: 5 * 1024 * 1024,
  /** Lower-case file-name extensions accepted, without the dot. */
  extensions: ['jpg', 'jpeg', 'png', 'log'] as const,
  /** For `<input type="file" accept>`. */
  accept: '.jpg,.jpeg,.png,.log,image/jpeg,image/png,text/plain',
  /** Files one message (a question or a follow-up) can carry. */
  maxPerMessage: 5,
  /** Uploaded files not yet sent with a ticket that one member may hold; they are deleted after a day. */
  maxPending: 20,
} as const;

/** The extension of a file name, lower-case without the dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when a file name has an accepted extension (the server checks the content too). */
export function hasUploadExtension(name: string): boolean {
  return (uploadPolicy.extensions as readonly string[]).includes(fileExtension(name));
}

/**
 * "Problem with this order?": the question type a ticket about a top-up order is filed under, named by
 * its stable slug (`question_type/list` answers it), never by its translated name.
 */
export const orderHelpQuestionTypeSlug = 'payment';

/**
 * What an agent's action on a ticket's linked order found, stored as a structured thread message
 * (`order_note`) so each reader sees it in their own language. `at` is the time the code names:
 * - `payment_found`: the provider confirmed the payment just now; the credit goes out (`at`: paid);
 * - `payment_already_received`: the payment had been received before, the credit is on its way (`at`: paid);
 * - `credit_delivered`: the credit has reached the character (`at`: delivered);
 * - `no_payment_yet`: the provider has no payment for the order yet;
 * - `payment_not_completed`: the payment was declined or ran out of time;
 * - `order_refunded`: the order was refunded;
 * - `delivery_retried`: the credit was sent to the character again (`at`: when).
 */
export const orderNoteCodes = [
  'payment_found',
  'payment_already_received',
  'credit_delivered',
  'no_payment_yet',
  'payment_not_completed',
  'order_refunded',
  'delivery_retried',
] as const;
export type OrderNoteCode = (typeof orderNoteCodes)[number];

/** An `order_note` message's parameters: the code, the order and its state then, and the time the code names. */
export const orderNote = z.object({
  code: z.enum(orderNoteCodes),
  order_no: z.string(),
  state: z.enum(orderStates),
  /** ISO 8601, or null when the code names no time. */
  at: z.string().nullable(),
});
export type OrderNote = z.infer<typeof orderNote>;

// ---- Shared field rules (spec 5) ----

/** No control characters except tab and line breaks (a NUL cannot even be stored). */
// eslint-disable-next-line no-control-regex
const noControls = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** Not even tab or line breaks: one-line fields. */
// eslint-disable-next-line no-control-regex
const oneLine = /^[^\u0000-\u001F\u007F]*$/;

/** Contact name: 2-20 characters, one line (SERVICE -702 when broken). */
export const contactNameRule = z.string().trim().min(2).max(20).regex(oneLine);
/**
 * Contact phone: 6-15 digits, optionally with a leading `+` (country code); spaces and dashes between digits
 * are allowed and dropped (-704 when broken).
 */
export const contactPhoneRule = z
  .string()
  .trim()
  .max(30)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/));
/** E-mail: required where asked, a valid address of at most 254 characters (-705 on contact info). */
export const csEmailRule = z.string().trim().max(254).pipe(z.email());
/** Contact address: at most 50 characters, one line (-706 when longer). */
export const contactAddressRule = z.string().trim().max(50).regex(oneLine);

/** Character (role) id in the game: 5-20 characters without spaces. */
export const roleIdRule = z
  .string()
  .trim()
  .min(5)
  .max(20)
  .regex(/^[^\s\p{C}]+$/u);
/** Character (role) name in the game: 1-20 characters, one line. */
export const roleNameRule = z.string().trim().min(1).max(20).regex(oneLine);
/** Question title: 5-100 characters, one line. */
export const questionTitleRule = z.string().trim().min(5).max(100).regex(oneLine);
/** Question (and follow-up) text: 1-1000 characters; line breaks kept. */
export const questionContentRule = z.string().trim().min(1).max(1000).regex(noControls);

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const gameBaseId = positiveId;
const questionTypeId = positiveId;
export const workOrderIdField = positiveId;
/** An uploaded file's id as the upload answered it. */
export const fileIdRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);
/** Ids of files uploaded with file/upload by the same member, at most 5, each used once. */
export const attachmentIdsRule = z.array(fileIdRule).max(uploadPolicy.maxPerMessage).default([]);

/** An optional one-line field: an empty string means "not given". */
const optionalText = <T extends z.ZodType>(rule: T) => z.union([z.literal(''), rule]).nullish();

/** The question form (`/service/question`): what the screen checks before create; the server checks the same. */
export const questionFormSchema = z.object({
  game_base_id: gameBaseId,
  question_type: questionTypeId,
  character_id: optionalText(roleIdRule),
  character_name: optionalText(roleNameRule),
  /** Where the answer is also sent; required (spec 5 "regularly used one"). */
  email: csEmailRule,
  question_title: questionTitleRule,
  question_content: questionContentRule,
  attachments: attachmentIdsRule,
});
export type QuestionForm = z.input<typeof questionFormSchema>;

/** The follow-up form (`/service/requestion`): more text and files on a replied ticket. */
export const followUpFormSchema = z.object({
  parent_work_order_id: workOrderIdField,
  question_content: questionContentRule,
  attachments: attachmentIdsRule,
});
export type FollowUpForm = z.input<typeof followUpFormSchema>;

/** The contact form (`/service/info`); the server answers -702 / -704 / -705 / -706 for the same rules. */
export const contactFormSchema = z.object({
  contacts: contactNameRule,
  sex: z.coerce.number().pipe(z.literal([0, 1, 2])),
  mobile: z.union([z.literal(''), contactPhoneRule]),
  email: z.union([z.literal(''), csEmailRule]),
  address: contactAddressRule,
});
export type ContactForm = z.input<typeof contactFormSchema>;

// ---- Answers ----

/** A game players can ask about (the service home's game filter and the question form). */
export const csGameItem = z.object({
  game_base_id: z.number().int(),
  /** In the page language (en when the game has no name in it). */
  game_name: z.string(),
  /** URL of the game's icon; empty when it has none. */
  game_icon: z.string(),
});
export type CsGameItem = z.infer<typeof csGameItem>;

export const questionTypeItem = z.object({
  /** Send it back as `question_type`. */
  question_type: z.number().int(),
  /** In the page language. */
  question_type_name: z.string(),
  /** The game the type belongs to; null for types of every game. */
  game_base_id: z.number().int().nullable(),
  /** Its stable name (e.g. `orderHelpQuestionTypeSlug`): pick a type by this, never by its translated name. */
  slug: z.string(),
});
export type QuestionTypeItem = z.infer<typeof questionTypeItem>;

/** An FAQ entry. Title and content are plain text (line breaks kept; show them with `white-space: pre-line`). */
export const faqItem = z.object({
  question_id: z.number().int(),
  /** Null for entries about every game. */
  game_base_id: z.number().int().nullable(),
  question_type: z.number().int(),
  question_type_name: z.string(),
  /** In the page language, else en. */
  question_title: z.string(),
  question_content: z.string(),
  online_time: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

export const faqPageData = pageOf(faqItem);
export type FaqPageData = z.infer<typeof faqPageData>;

export const fileKind = z.enum(['image', 'log']);
export type FileKind = z.infer<typeof fileKind>;

/** An uploaded file: what the upload answers and what a ticket message lists. */
export const csFileItem = z.object({
  /** Send it in `attachments`; fetch it with `csFileDownloadPath(file_id)`. */
  file_id: z.string(),
  /** The name it was uploaded with (cleaned); the stored name is the server's own. */
  file_name: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** `image`: JPEG or PNG, shown inline; `log`: UTF-8 text, downloaded. */
  file_kind: fileKind,
  content_type: z.string(),
});
export type CsFileItem = z.infer<typeof csFileItem>;

/** A ticket as lists show it. */
export const workOrderSummary = z.object({
  work_order_id: z.number().int(),
  work_order_status: z.literal(workOrderStatuses),
  game_base_id: z.number().int(),
  game_name: z.string(),
  question_type: z.number().int(),
  question_type_name: z.string(),
  question_title: z.string(),
  character_id: z.string().nullable(),
  character_name: z.string().nullable(),
  /** The member's rating, 1-5, or null. */
  grade: z.literal(grades).nullable(),
  created_at: z.string(),
  /** Last activity: a message, a state change or a rating. */
  updated_at: z.string(),
  /** The latest answer of customer service; null while none. */
  replied_at: z.string().nullable(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummary>;

export const workOrderPageData = pageOf(workOrderSummary);
export type WorkOrderPageData = z.infer<typeof workOrderPageData>;

/**
 * One message of a ticket's thread, oldest first: the question, customer-service replies, follow-ups. A reply
 * an agent recalled is never listed.
 */
export const workOrderMessage = z.object({
  message_id: z.number().int(),
  /**
   * `question`: the first message; `follow_up`: the member's later ones; `reply`: customer service;
   * `order_note`: what customer service did with the linked order (`note`; `content` is empty).
   */
  kind: z.enum(['question', 'follow_up', 'reply', 'order_note']),
  /** Plain text, line breaks kept. */
  content: z.string(),
  /** An `order_note`'s parameters, for the screen to word in the reader's language; null for other kinds. */
  note: orderNote.nullable(),
  created_at: z.string(),
  attachments: z.array(csFileItem),
});
export type WorkOrderMessage = z.infer<typeof workOrderMessage>;

export const workOrderDetailData = workOrderSummary.extend({
  /** Where answers are also sent. */
  email: z.string(),
  messages: z.array(workOrderMessage),
  /** 1 when create with `parent_work_order_id` = this ticket is accepted now (state replied). */
  can_follow_up: z.literal([0, 1]),
  /** 1 when grade is accepted now (replied or closed after an answer, within the rating period). */
  can_grade: z.literal([0, 1]),
  /** Until when the rating can be given or changed; null when the ticket has no answer yet. */
  grade_deadline: z.string().nullable(),
  /** Why a rating of 1 or 2 was given (see `gradeReasons`) and the player's words; null otherwise. */
  grade_reason: z.enum(gradeReasons).nullable(),
  grade_comment: z.string().nullable(),
  /** The top-up order the ticket is about ("Problem with this order?"), or null. */
  order_no: z.string().nullable(),
  /** That order as the player sees it now, with its timeline, in the page language; null without one. */
  order: payOrderTracked.nullable(),
});
export type WorkOrderDetailData = z.infer<typeof workOrderDetailData>;

export const contactInfoData = z.object({
  /** The member's nickname (read-only here). */
  nickname: z.string(),
  /** Contact name; empty until saved. */
  contacts: z.string(),
  sex: z.literal([0, 1, 2]),
  mobile: z.string(),
  email: z.string(),
  address: z.string(),
});
export type ContactInfoData = z.infer<typeof contactInfoData>;

// ---- Public calls ----

/** Games players can ask about, in display order. */
export const csGameList = defineCall({
  group: 'cs',
  method: 'GET',
  path: '/komoe/api/common/game/list',
  auth: 'public',
  request: z.object({}),
  response: z.array(csGameItem),
});

/**
 * Question types in display order. `usage` 1: the types FAQ entries are filed under; 2: the types a ticket can
 * be submitted with; left out: both. Without `game_base_id` only the types of every game; with it, those plus
 * the game's own (the question form asks again once the game is chosen).
 */
export const questionTypeList = defineCall({
  group: 'cs',
  method: 'GET',
  path: '/komoe/api/common/question_type/list',
  auth: 'public',
  request: z.object({
    usage: z.coerce
      .number()
      .pipe(z.literal([1, 2]))
      .optional(),
    game_base_id: gameBaseId.optional(),
  }),
  response: z.array(questionTypeItem),
});

/**
 * Online FAQ entries, filtered by game (that game's entries plus those of every game), question type and a
 * keyword found in the title or content in the page language (en where an entry has no text in it).
 */
export const faqPage = defineCall({
  group: 'cs',
  method: 'GET',
  path: '/komoe/api/common/faq/page',
  auth: 'public',
  request: z.object({
    game_base_id: gameBaseId.optional(),
    question_type: questionTypeId.optional(),
    question_keyword: z.string().trim().max(50).optional(),
    page_num: pageNum,
    page_size: pageSize,
  }),
  response: faqPageData,
});

// ---- Tickets (member) ----

/** The member's own tickets, last activity first; `work_order_status` filters by state (absent or null: all). */
export const workOrderPage = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/komoe/api/work_order/page',
  encoding: 'json',
  auth: 'member',
  request: z.object({
    work_order_status: z.literal(workOrderStatuses).nullish(),
    page_num: pageNum,
    page_size: pageSize,
  }),
  response: workOrderPageData,
});

/** One of the member's tickets with its thread. -401: no such ticket of this member (someone else's or none). */
export const workOrderDetail = defineCall({
  group: 'cs',
  method: 'GET',
  path: '/komoe/api/work_order/detail',
  auth: 'member',
  request: z.object({ work_order_id: workOrderIdField }),
  response: workOrderDetailData,
});

/**
 * Rates a ticket 1-5 (see `gradeNames`); rating again changes it. -10001: not replied or closed after an answer
 * (no reply yet, or processing); -10002: the rating period (`csPolicy.gradeWindowMs` after the latest answer) is
 * over; -10008: a rating of 1 or 2 without a reason; -401: not the member's ticket.
 */
export const workOrderGrade = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/komoe/api/work_order/grade',
  auth: 'member',
  request: z.object({
    work_order_id: workOrderIdField,
    grade: z.coerce.number().pipe(z.literal(grades)),
    /** Required when `grade` <= `lowGradeMax` (-10008 without); ignored (cleared) above it. */
    reason: z.enum(gradeReasons).optional(),
    comment: z.string().trim().max(gradeCommentMax).optional(),
  }),
  response: z.object({
    work_order_id: z.number().int(),
    grade: z.literal(grades),
    reason: z.enum(gradeReasons).nullable(),
    comment: z.string().nullable(),
  }),
});

/**
 * Submits a question (the fields of `questionFormSchema`) or, with `parent_work_order_id`, a follow-up to that
 * ticket (only `question_content` and `attachments` are used then; the other fields may be left out).
 * Answers the ticket's id (the parent's for a follow-up).
 *
 * Refusals: -400 naming the field (a rule of spec 5, or a game / question type that is not offered);
 * -10005 an attachment is not one of the member's unused uploads; follow-ups: -401 not the member's ticket,
 * -10000 the ticket has no answer yet (no reply or processing), -20003 it is closed (submit a new one).
 * A follow-up moves the ticket to processing.
 */
export const workOrderCreate = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/komoe/api/work_order/create',
  encoding: 'json',
  auth: 'member',
  request: questionFormSchema
    .partial({
      game_base_id: true,
      question_type: true,
      email: true,
      question_title: true,
    })
    .extend({
      parent_work_order_id: workOrderIdField.nullish(),
      /**
       * The member's own top-up order the question is about ("Problem with this order?"): the ticket
       * keeps it, and takes game and character from the order, not from the form. -10007 when the member has
       * no such order.
       */
      order_no: z.string().trim().min(1).max(64).nullish(),
      /** Where the question comes from; the site's source index (7) when left out. */
      source: z.coerce.number().int().min(0).max(999).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.parent_work_order_id != null) return;
      for (const field of ['game_base_id', 'question_type', 'email', 'question_title'] as const) {
        // A question about an order takes its game from the order.
        if (field === 'game_base_id' && value.order_no) continue;
        if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
      }
    }),
  response: z.object({ work_order_id: z.number().int() }),
});

// ---- Contact info (member) ----

export const contactsInfo = defineCall({
  group: 'cs',
  method: 'GET',
  path: '/komoe/api/contacts/info',
  auth: 'member',
  request: z.object({}),
  response: contactInfoData,
});

/**
 * Saves the contact info (rules of `contactFormSchema`). Answers code 0, or the first broken rule: -702 contact
 * name (2-20), -704 phone, -705 e-mail, -706 address (at most 50). `mobile`, `email` and `address` may be empty.
 */
export const contactsSave = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/komoe/api/contacts/save',
  auth: 'member',
  request: z.object({
    contacts: z.string().max(200).default(''),
    sex: z.coerce
      .number()
      .pipe(z.literal([0, 1, 2]))
      .default(0),
    mobile: z.string().max(200).default(''),
    email: z.string().max(400).default(''),
    address: z.string().max(400).default(''),
  }),
  response: z.null(),
});

// ---- Attachments (member) ----

/**
 * The file of a multipart call: a browser `File` (or `Blob`) on the screen side, the parsed upload (a `File`)
 * on the server. Declared structurally because this package sees no DOM or Node types.
 */
export interface UploadBlob {
  readonly size: number;
  readonly type: string;
  /** A `File`'s name; the server checks its extension. */
  readonly name?: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}
const blobClass = (globalThis as { Blob?: abstract new (...args: never[]) => UploadBlob }).Blob;
const uploadBlob = z.custom<UploadBlob>((v) => blobClass !== undefined && v instanceof blobClass);

/**
 * Uploads one attachment (multipart field `file`). JPG / JPEG / PNG are accepted when their bytes are a JPEG or
 * PNG image, LOG when it is UTF-8 text without NUL bytes; at most `uploadPolicy.maxBytes`. Refusals, with
 * nothing stored: -10003 too large, -10004 not an accepted type (by name or by content), -10006 too many unsent
 * uploads (`uploadPolicy.maxPending`). The file stays private until it is sent with create, and is deleted after
 * a day when it never is.
 */
export const fileUpload = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/komoe/api/common/file/upload',
  encoding: 'multipart',
  auth: 'member',
  request: z.object({ file: uploadBlob }),
  response: csFileItem,
});

/**
 * Where an attachment is fetched (GET on the cs group, not an enveloped call): only its owner (session cookie)
 * and staff get it. Images come inline as image/jpeg or image/png, logs as a text/plain attachment; always with
 * `X-Content-Type-Options: nosniff`. Refusals are envelopes: HTTP 401 / -101 not logged in, 403 / -401 not
 * the caller's file or no such file.
 */
export const csFileDownload = {
  group: 'cs',
  method: 'GET',
  path: '/komoe/api/common/file/download',
} as const;

/** The download path of a file, relative to the cs group's base URL (`${csBase}${csFileDownloadPath(id)}`). */
export function csFileDownloadPath(fileId: string): string {
  return `${csFileDownload.path}?file_id=${encodeURIComponent(fileId)}`;
}
