/**
 * Privacy rights (Thailand's and Singapore's PDPA, Vietnam's personal-data decree). The member
 * downloads their data and asks to delete their account on the passport host; staff list the requests, download
 * a member's data for them, erase an account at once or cancel a deletion (`privacy` privilege, every call
 * audited). What an erasure removes and what it keeps: apps/api/README.md "Privacy".
 *
 * Codes: -101 not logged in; -110 CSRF; -112 the sealed password cannot be read; 510008 wrong password; -600 no
 * password given; 510004 / 510005 / 510006 the e-mailed code missing, expired or wrong; -720 a passkey that does
 * not prove; -740 the member has no way to prove it is them (no password, passkey or e-mail: customer service
 * opens the deletion); -741 the export needs the owner's proof again (`privacyConfirm`); -111 the request is not
 * pending; -404 no such request or member; 800000 too many exports (a few an hour).
 */
import { z } from 'zod';
import { orderNote } from './cs.contracts.ts';
import { defineCall, flag, pageNum, pageOf, pageSize } from './define.ts';
import { sealedPassword } from './passport.contracts.ts';
import { defineStaffCall } from './staff.contracts.ts';
import { webauthnResponseText } from './webauthn.ts';

const isoTime = z.string();
const nullableTime = isoTime.nullable();

export const privacyRequestKind = z.enum(['export', 'deletion']);
export const privacyRequestState = z.enum(['pending', 'cancelled', 'done']);
/** `login`: the member logged in during the grace period (the way a member cancels); `staff`. */
export const privacyCancelReason = z.enum(['login', 'staff']);

// ---- The export (a JSON file: what the member downloads, and staff download for them) ----

const exportAttachment = z.object({
  /** The name the file was uploaded with, its kind and size; the bytes stay on the ticket. */
  file_name: z.string(),
  kind: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
});

const exportMessage = z.object({
  /** `order_note`: what customer service's action on the ticket's top-up order found (`note`). */
  kind: z.enum(['question', 'follow_up', 'reply', 'order_note']),
  /** `member` for the member's own messages, `staff` for customer service's answers and order notes. */
  author: z.enum(['member', 'staff']),
  content: z.string(),
  /** An order note's code, order number, order state and time; absent for other messages. */
  note: orderNote.optional(),
  created_at: isoTime,
  attachments: z.array(exportAttachment),
});

export const privacyExportData = z.object({
  format: z.literal('gp-privacy-export/1'),
  generated_at: isoTime,
  account: z.object({
    mid: z.number().int(),
    user_id: z.string(),
    nick_name: z.string(),
    /** 0 account (phone or e-mail); otherwise the social-login channel. */
    login_type: z.number().int(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    lang: z.string(),
    created_at: isoTime,
  }),
  social_links: z.array(
    z.object({
      provider: z.string(),
      subject: z.string(),
      email: z.string().nullable(),
      linked_at: isoTime,
    }),
  ),
  /** The contact details given to customer service. */
  contact: z
    .object({
      name: z.string(),
      sex: z.number().int(),
      mobile: z.string(),
      email: z.string(),
      address: z.string(),
      updated_at: isoTime,
    })
    .nullable(),
  orders: z.array(
    z.object({
      order_no: z.string(),
      state: z.string(),
      game_base_id: z.number().int(),
      server_id: z.string(),
      role_id: z.string(),
      role_name: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      credit_amount: z.number().int(),
      /** Minor units of `currency`. */
      price: z.number().int(),
      currency: z.string(),
      payment_type: z.string(),
      created_at: isoTime,
      paid_at: nullableTime,
      delivered_at: nullableTime,
      events: z.array(z.object({ from_state: z.string().nullable(), to_state: z.string(), at: isoTime })),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      game_base_id: z.number().int(),
      title: z.string(),
      status: z.number().int(),
      reply_email: z.string(),
      character_id: z.string().nullable(),
      character_name: z.string().nullable(),
      grade: z.number().int().nullable(),
      created_at: isoTime,
      closed_at: nullableTime,
      messages: z.array(exportMessage),
    }),
  ),
  privacy_requests: z.array(
    z.object({
      kind: privacyRequestKind,
      state: privacyRequestState,
      created_at: isoTime,
      erase_after: nullableTime,
      cancelled_at: nullableTime,
      completed_at: nullableTime,
    }),
  ),
});
export type PrivacyExportData = z.infer<typeof privacyExportData>;

// ---- Member calls (passport host) ----

/** The member's latest deletion request, if any. */
export const deletionData = z.object({
  request_id: z.number().int(),
  state: privacyRequestState,
  requested_at: isoTime,
  /** The end of the grace period: erased after this unless cancelled. */
  erase_after: isoTime,
  cancelled_at: nullableTime,
  cancel_reason: privacyCancelReason.nullable(),
});
export type DeletionData = z.infer<typeof deletionData>;

/**
 * How this member proves it is them before a deletion or an export: the password; else a passkey or a code
 * e-mailed to `email` (masked: the account's address, or the one the social-login provider gave). All 0 / null:
 * the page sends the member to customer service.
 */
export const privacyProofMethods = z.object({
  password: flag,
  passkey: flag,
  email: z.string().nullable(),
});
export type PrivacyProofMethods = z.infer<typeof privacyProofMethods>;

export const privacyStatusData = z.object({
  deletion: deletionData.nullable(),
  /** 1 when this session's login cancelled a pending deletion a moment ago: the login page says so. */
  just_cancelled_by_login: flag,
  /** The grace period a new request gets, in days. */
  grace_days: z.number().int(),
  proof: privacyProofMethods,
  /** Until when this session may download the data without proving it is the member again; null: it must. */
  export_allowed_until: isoTime.nullable(),
});
export type PrivacyStatusData = z.infer<typeof privacyStatusData>;

export const privacyStatus = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/user/privacy/status',
  auth: 'member',
  request: z.object({}),
  response: privacyStatusData,
});

/** The member's own data as one JSON document (a few exports an hour: 800000 beyond). */
export const privacyExport = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/user/privacy/export',
  auth: 'member',
  request: z.object({}),
  response: privacyExportData,
});

/**
 * The owner's proof (one of them; see `privacyProofMethods`): `pwd` sealed as at login; `code` e-mailed by
 * `privacyCodeSend` (members without a password only); `passkey` the JSON of one of the member's passkeys
 * answering `userPasskeyProofOptions`. Optional each, so a call without one gets a named refusal.
 */
export const ownerProof = z.object({
  pwd: sealedPassword.max(2048).optional(),
  code: z.string().trim().max(12).optional(),
  passkey: webauthnResponseText.optional(),
});

/**
 * Asks to delete the account, confirmed with the owner's proof (`ownerProof`). Every session ends; the data is
 * erased after the grace period unless the member logs in again. A pending request answers as it is.
 */
export const privacyDelete = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/privacy/delete',
  auth: 'member',
  request: ownerProof,
  response: privacyStatusData,
});

/** E-mails the member a code for `privacyDelete` / `privacyConfirm` (once a minute, ten a day); -740 no address. */
export const privacyCodeSend = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/privacy/code/send',
  auth: 'member',
  request: z.object({}),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
});

/**
 * Proves again that the session's member is the owner, for the data export: this session may download it for a
 * few minutes (`export_allowed_until`).
 */
export const privacyConfirm = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/privacy/confirm',
  auth: 'member',
  request: ownerProof,
  response: z.object({ export_allowed_until: isoTime }),
});

// ---- Staff calls (console) ----

export const privacyRequestItem = z.object({
  request_id: z.number().int(),
  mid: z.number().int(),
  /** The member's account name now (an erased account shows its placeholder). */
  user_id: z.string(),
  kind: privacyRequestKind,
  state: privacyRequestState,
  requested_by: z.enum(['member', 'staff']),
  created_at: isoTime,
  erase_after: nullableTime,
  cancelled_at: nullableTime,
  cancel_reason: privacyCancelReason.nullable(),
  completed_at: nullableTime,
});
export type PrivacyRequestItem = z.infer<typeof privacyRequestItem>;

export const privacyRequestPageData = pageOf(privacyRequestItem);
export type PrivacyRequestPageData = z.infer<typeof privacyRequestPageData>;

/** Privacy requests, newest first. */
export const privacyRequestList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/privacy/list',
  privilege: 'privacy',
  keepsPublicData: true,
  request: z.object({
    kind: privacyRequestKind.optional(),
    state: privacyRequestState.optional(),
    mid: z.coerce.number().int().positive().optional(),
    page_num: pageNum,
    page_size: pageSize,
  }),
  response: privacyRequestPageData,
});

/** Erases a pending deletion's account now (identity verified off-line); audited. */
export const privacyEraseNow = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/privacy/erase',
  encoding: 'json',
  privilege: 'privacy',
  keepsPublicData: true,
  request: z.object({ request_id: z.number().int().positive() }),
  response: privacyRequestItem,
});

/** Cancels a pending deletion; audited. */
export const privacyCancel = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/privacy/cancel',
  encoding: 'json',
  privilege: 'privacy',
  keepsPublicData: true,
  request: z.object({ request_id: z.number().int().positive() }),
  response: privacyRequestItem,
});

/** A member's data for them (asked off-line); recorded as an export request and audited. */
export const privacyStaffExport = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/privacy/export',
  privilege: 'privacy',
  keepsPublicData: true,
  request: z.object({ mid: z.coerce.number().int().positive() }),
  response: privacyExportData,
});

/** How the agent checked that the person asking is the member (recorded with the request and audited). */
export const identityCheckMethod = z.enum([
  'bound_email',
  'bound_phone',
  'provider_account',
  'order_details',
  'id_document',
  'other',
]);
export type IdentityCheckMethod = z.infer<typeof identityCheckMethod>;

/**
 * Opens a deletion for a member who asked customer service (one who cannot prove it on the site: a social-login
 * member without e-mail), after the agent checked who they are: `method` and a `note` of what was checked, both
 * required and audited. The request then runs as a member's own: grace period, every session ended, the member
 * told, a login cancels it. -111 a deletion is pending already or the account is erased; -404 no such member.
 */
export const privacyOpenDeletion = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/privacy/open_deletion',
  encoding: 'json',
  privilege: 'privacy',
  keepsPublicData: true,
  request: z.object({
    mid: z.number().int().positive(),
    method: identityCheckMethod,
    note: z.string().trim().min(1).max(500),
  }),
  response: privacyRequestItem,
});
