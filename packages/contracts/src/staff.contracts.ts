/**
 * Staff group (spec 7 "Staff"), served under `/csmng` on the API host: staff login, staff accounts and their
 * privileges, and the audit log. The ticket desk, FAQ, games and content calls join this file later.
 *
 * Staff calls (`auth: 'staff'`) are declared with `defineStaffCall`, which makes each one name the privilege it
 * needs; the server refuses a call whose privilege the caller lacks (-401) on every call, and `login_check`
 * answers the caller's privileges so the console hides what they may not do. Like member calls they carry the
 * CSRF token `ct` (the value of the readable `gp_staff_jct` cookie), which the client adds; request schemas do
 * not declare it.
 *
 * Writes are JSON (spec 7: "JSON mostly"), except the spec's GET calls (`account/del`, `account/limit`,
 * `account/unseal`), which keep their method and are CSRF-checked like every staff call. `login_out` is a POST.
 *
 * Passwords travel in clear inside the JSON body: the console is reached over TLS only (production cookies are
 * `Secure`), and the server never logs request bodies. Unlike the passport there is no RSA sealing.
 *
 * Codes answered here (staff domain, see @gp/errors): -101 not logged in; -110 CSRF token missing or wrong;
 * -401 the caller lacks the call's privilege; -105 wrong or stale captcha; 500002 wrong account or password;
 * 500004 too many failed logins (30 minutes); 500003 no such staff account; 500006 the new password breaks
 * `staffPasswordRule`; 510008 current password wrong; 510009 new password equals the current one; 510010 the
 * two new passwords differ; -40005 the account is blocked; -40006 an account with this account_id exists;
 * -40007 the one-time password must be changed first; -40008 not on one's own account (block, delete, reset
 * password through account/save); -40009 it would leave no active account holding `staff.accounts`.
 */
import { z } from 'zod';
import {
  defineCall,
  flag,
  type CallContract,
  type Encoding,
  type HttpMethod,
  pageNum,
  pageOf,
} from './define.ts';
import { webauthnOptions, webauthnResponse } from './webauthn.ts';

// ---- Privileges ----

/**
 * The fixed list of staff privileges (DESIGN section 6 "Staff console"), with stable ids stored on accounts as
 * `privilege_ids`. Names double as translation keys in the console (`staff.privilege.<name>`).
 * - tickets.read: the ticket queue, ticket detail, a member's earlier tickets;
 * - tickets.reply: reply, batch reply, recall, modify, editing lock;
 * - tickets.export: export the filtered queue to Excel;
 * - faq: FAQ entries (create, edit, online switch, delete);
 * - games: the customer-service game list;
 * - content: news, activities, banners, recommendations, fan groups, nav flags;
 * - catalog: the top-up catalog (products, prices, channels);
 * - staff.accounts: staff accounts and their privileges, and the audit log. Whoever holds it can grant any
 *   privilege (also to themselves), so it is the administrator's privilege.
 * - privacy: members' privacy requests (the PDPA rights): list them, download a member's data, erase an account
 *   at once or cancel its deletion. Its own privilege: an export holds all of a member's personal data and an
 *   erasure cannot be undone, so neither belongs to every agent who reads tickets, nor needs the administrator.
 */
export const staffPrivileges = [
  { id: 1, name: 'tickets.read' },
  { id: 2, name: 'tickets.reply' },
  { id: 3, name: 'tickets.export' },
  { id: 4, name: 'faq' },
  { id: 5, name: 'games' },
  { id: 6, name: 'content' },
  { id: 7, name: 'catalog' },
  { id: 8, name: 'staff.accounts' },
  { id: 9, name: 'privacy' },
] as const;
export type StaffPrivilege = (typeof staffPrivileges)[number]['name'];
export type StaffPrivilegeId = (typeof staffPrivileges)[number]['id'];
export const staffPrivilegeIds = staffPrivileges.map((p) => p.id) as StaffPrivilegeId[];

const idByName = new Map<string, StaffPrivilegeId>(staffPrivileges.map((p) => [p.name, p.id]));
const nameById = new Map<number, StaffPrivilege>(staffPrivileges.map((p) => [p.id, p.name]));

export function privilegeId(name: StaffPrivilege): StaffPrivilegeId {
  return idByName.get(name)!;
}

/** Names of the known ids among `ids`, in the list's order (unknown ids are dropped). */
export function privilegeNames(ids: readonly number[]): StaffPrivilege[] {
  const held = new Set(ids);
  return staffPrivileges.filter((p) => held.has(p.id)).map((p) => p.name);
}

export function privilegeName(id: number): StaffPrivilege | undefined {
  return nameById.get(id);
}

// ---- Staff calls ----

/**
 * What a staff call needs: a privilege, or `self`: any logged-in staff member, also one who must still change
 * a one-time password (only the calls about one's own session and account: login_check, login_out, the own
 * account/detail and account/password). Every other call names a privilege; while the session's password is a
 * one-time password, such calls answer -40007.
 */
export type StaffRequirement = StaffPrivilege | 'self';

export interface StaffCallContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> extends CallContract<Req, Res> {
  readonly auth: 'staff';
  readonly group: 'csmng';
  readonly privilege: StaffRequirement;
  /**
   * True when the call can never change what players read without logging in (news, banners, FAQ, games,
   * question types, the site's navigation): its success then leaves every API process's public cache as it is.
   * Unset, a successful non-GET staff call empties them all - the safe default for a call nobody classified,
   * and too costly for the desk's and the order search's all-day reads, which are POSTs.
   */
  readonly keepsPublicData?: true;
}

/** Declares a staff call: group `csmng`, `auth: 'staff'` and the privilege it needs (see `StaffRequirement`). */
export function defineStaffCall<Req extends z.ZodType, Res extends z.ZodType>(def: {
  method: HttpMethod;
  path: `/${string}`;
  encoding?: Encoding;
  privilege: StaffRequirement;
  keepsPublicData?: true;
  request: Req;
  response: Res;
}): StaffCallContract<Req, Res> {
  const { privilege, keepsPublicData, ...rest } = def;
  const call = defineCall({ ...rest, group: 'csmng', auth: 'staff' });
  return Object.freeze({
    ...call,
    group: 'csmng' as const,
    auth: 'staff' as const,
    privilege,
    ...(keepsPublicData ? { keepsPublicData } : {}),
  });
}

/** A staff call that never changes public data (see `StaffCallContract.keepsPublicData`). */
export function keepsPublicData(call: CallContract): boolean {
  return (call as Partial<StaffCallContract>).keepsPublicData === true;
}

/** The requirement a staff call declares; undefined for a call not made with `defineStaffCall`. */
export function staffRequirementOf(call: CallContract): StaffRequirement | undefined {
  const privilege = (call as Partial<StaffCallContract>).privilege;
  return privilege === 'self' || (typeof privilege === 'string' && idByName.has(privilege))
    ? privilege
    : undefined;
}

// ---- Field rules (the console checks the same schemas) ----

/** A staff login name: 3-32 of a-z, 0-9, `.`, `_`, `-`, starting with a letter or digit; stored lower-case. */
export const staffAccountIdRule = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/);
/** No control characters at all (one line). */
// eslint-disable-next-line no-control-regex
const oneLine = /^[^\u0000-\u001F\u007F]+$/;
/** The name shown for a staff member (operator name on tickets, the audit log): 1-32 characters, one line. */
export const staffAccountNameRule = z.string().trim().min(1).max(32).regex(oneLine);
/**
 * Staff passwords are stricter than members' (spec 5 is about players): 10-64 characters with at least one
 * letter and one digit, no control characters. Spaces are allowed (pass phrases).
 */
export const staffPasswordRule = z.string().min(10).max(64).regex(oneLine).regex(/\p{L}/u).regex(/\p{N}/u);
/** Privilege ids as accounts hold them: known ids, each once (order kept as given). */
export const privilegeIdsRule = z
  .array(z.literal(staffPrivilegeIds))
  .max(staffPrivileges.length)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'each privilege once' });

/** A password as typed into a form: passed on whole and checked by the server (500006 when it breaks the rule). */
const typedPassword = z.string().min(1).max(256);
/**
 * Where a staff account's security notices go (its second factor changed): optional; an empty string clears it.
 * Kept lower-case and trimmed.
 */
export const staffEmailRule = z.union([
  z.literal('').transform(() => null),
  z.string().trim().toLowerCase().max(254).pipe(z.email()),
]);
/** An account_id as sent to look one up: the server lower-cases it; a wrong shape simply finds nothing. */
const accountIdRef = z.string().trim().toLowerCase().min(1).max(64);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const isoTime = z.iso.datetime({ offset: true });

// ---- Answers ----

/** Who is logged in: `login`, `login_check` and `account/password` answer it. */
export const staffSessionData = z.object({
  staff_id: z.number().int(),
  account_id: z.string(),
  account_name: z.string(),
  privilege_ids: z.array(z.number().int()),
  /** The names of `privilege_ids` (see `staffPrivileges`), for the console to show and hide. */
  privileges: z.array(z.string()),
  /** 1: the password is a one-time password; only account/password (and the `self` calls) work until changed. */
  must_change_password: flag,
  /**
   * 1: the account has a second factor (an authenticator app or a passkey). 0: only the `self` calls work
   * (-40020 otherwise) until one is enrolled (`second_factor/...`); the console goes to enrolment.
   */
  second_factor: flag,
});
export type StaffSessionData = z.infer<typeof staffSessionData>;

export const staffAccountStatus = z.enum(['active', 'blocked']);
export type StaffAccountStatus = z.infer<typeof staffAccountStatus>;

/** A staff account as lists and the detail show it (never the password). Times are ISO 8601 in UTC. */
export const staffAccountData = z.object({
  staff_id: z.number().int(),
  account_id: z.string(),
  account_name: z.string(),
  privilege_ids: z.array(z.number().int()),
  privileges: z.array(z.string()),
  /** `blocked`: limited with account/limit; it cannot log in until account/unseal. */
  status: staffAccountStatus,
  must_change_password: flag,
  /** Where its security notices go; null: none are sent. */
  email: z.string().nullable(),
  last_login_at: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffAccountData = z.infer<typeof staffAccountData>;

export const staffAccountPageData = pageOf(staffAccountData);
export type StaffAccountPageData = z.infer<typeof staffAccountPageData>;

// ---- Audit log ----

/**
 * What the audit log records. Later staff writes add their own actions here.
 * - staff.login (after: the second factor used: totp, recovery_code or passkey; none while enrolment is still
 *   to come) / staff.login_failed (reason in `after`: wrong_password, unknown_account (no target: a name typed
 *   into the account field may be a password), locked, blocked, second_factor) / staff.logout;
 * - staff.second_factor.enrol (the authenticator app confirmed) / .passkey_add / .passkey_remove (after: the
 *   passkey's name) / .recovery_codes (a new set) / .reset (an administrator removed another member's factors;
 *   target: that account). Each also e-mails the account's owner and ends the account's other sessions.
 * - staff.account.add / .save (before/after: name, privileges; `password_reset` when a new one-time password was
 *   set) / .password (the member's own change) / .delete / .block / .unseal;
 * - ticket.reply (after: message_id, reply_status, content) / .recall (before: the recalled reply's content and
 *   the state it had set; after: the state restored) / .modify (before/after: status, question_type) /
 *   .export (after: the filters and the row count). Batch replies write one ticket.reply per ticket answered
 *   (with `batch: true`; a per-language batch also with the `lang` of the text sent, content filled).
 *   Taking and giving back the editing lock is not a write and is not recorded.
 * - ticket.saved_reply.save (target cs_saved_reply + id; before/after: title and texts per language that changed;
 *   a create has no before) / .delete (before: the title and every text).
 * - pay.switch (target pay_setting + region; before/after: main_switch_status) / pay.server.maintenance
 *   (pay_server + game/cp_server_id; is_maintenance) / pay.product.price (pay_product + game/product_id;
 *   currency, pay_mode, product_price) / pay.product.sale (pay_product; is_on_sale, with currency and pay_mode
 *   for one price) / pay.channel (pay_channel + its id; game_base_id, currency, pay_mode, payment_type, is_open)
 *   / pay.delivery.retry (pay_order + order_no; before: status, attempts, last_error; after: status, attempts,
 *   next_attempt_at) / pay.catalog.export (pay_game + region/game; after: file name, counts) /
 *   pay.catalog.import (pay_game + region/game; after: the file, the changes counted by kind and action).
 * - content.article.save / .delete / .preview (target news or activity + id), content.banner.*, content.recommend.*
 *   (target game_recommendation + game_base_id), content.module.*, content.fans_group.* (.save: before/after
 *   hold the fields that changed, texts per language; a create has no before; .delete: before is the whole item)
 *   / content.nav.save (nav_setting + region; before/after: the flags) / content.image.upload (media + id; after:
 *   content type, size). A preview link is not a change, but it opens unpublished content, so it is recorded.
 * - faq.save (target cs_faq + question_id; before/after: the fields that changed, texts per language; a create
 *   has no before) / faq.online (before/after: is_online, online_time) / faq.delete (before: the whole entry);
 *   game.save (target game + game_base_id; likewise) / game.online (is_online) / game.delete (before: the whole
 *   game) / game.icon.upload (target media + id; after: content type, size, width, height).
 * - privacy.export (target member + mid; after: the request id) / privacy.erase (target privacy_request + id;
 *   after: the mid and what was erased, counted) / privacy.cancel (target privacy_request + id; before/after: state)
 *   / privacy.open_deletion (target privacy_request + id; after: state, mid, erase_after and identity_check: how
 *   the agent checked who asked, method and note).
 */
export const auditActions = [
  'staff.login',
  'staff.login_failed',
  'staff.logout',
  'staff.account.add',
  'staff.account.save',
  'staff.account.password',
  'staff.account.delete',
  'staff.account.block',
  'staff.account.unseal',
  'staff.second_factor.enrol',
  'staff.second_factor.passkey_add',
  'staff.second_factor.passkey_remove',
  'staff.second_factor.recovery_codes',
  'staff.second_factor.reset',
  'ticket.reply',
  'ticket.recall',
  'ticket.modify',
  'ticket.export',
  'ticket.saved_reply.save',
  'ticket.saved_reply.delete',
  'ticket.order_action',
  'pay.switch',
  'pay.server.maintenance',
  'pay.product.price',
  'pay.product.sale',
  'pay.channel',
  'pay.channel.create',
  'pay.channel.save',
  'pay.delivery.retry',
  'pay.settlement.run',
  'pay.settlement.recheck',
  'pay.settlement.resolve',
  'pay.order.refund',
  'pay.game_server.save',
  'pay.game_server.rotate',
  'pay.game_server.check',
  'pay.game_server.sync',
  'pay.game.save',
  'pay.currency',
  'pay.product.save',
  'pay.product.image.upload',
  'pay.product.price.remove',
  'pay.catalog.export',
  'pay.catalog.import',
  'content.article.save',
  'content.article.delete',
  'content.article.preview',
  'content.banner.save',
  'content.banner.delete',
  'content.recommend.save',
  'content.recommend.delete',
  'content.module.save',
  'content.module.delete',
  'content.fans_group.save',
  'content.fans_group.delete',
  'content.nav.save',
  'content.image.upload',
  'faq.save',
  'faq.online',
  'faq.delete',
  'game.save',
  'game.online',
  'game.delete',
  'game.icon.upload',
  'privacy.export',
  'privacy.erase',
  'privacy.cancel',
  'privacy.open_deletion',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One audit row. `before` / `after` hold the changed fields where it matters, never a password or its hash. */
export const auditEntryData = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Null when nobody was logged in (a failed login). */
  actor_staff_id: z.number().int().nullable(),
  /** The actor's account_id when the row was written. */
  actor_account_id: z.string().nullable(),
  action: z.string(),
  /** What the action was about: e.g. `staff_account` + its account_id; `work_order` + its id. */
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntryData = z.infer<typeof auditEntryData>;

export const auditPageData = pageOf(auditEntryData);
export type AuditPageData = z.infer<typeof auditPageData>;

// ---- Login ----

/**
 * A graphic captcha for the login: show `image` (an SVG data URL) and send `token` with the answer as
 * `captcha_code`. It expires after `expires_in` seconds; three wrong answers spend it.
 */
export const staffCaptcha = defineCall({
  group: 'csmng',
  method: 'GET',
  path: '/captcha/sget',
  auth: 'public',
  request: z.object({}),
  response: z.object({ token: z.string(), image: z.string(), expires_in: z.number().int() }),
});

/** The login's answer when a second step is due: the methods the account has, and how long the step may take. */
export const staffSecondStepData = z.object({
  second_step: z.literal(1),
  methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
  expires_in: z.number().int(),
});
export type StaffSecondStepData = z.infer<typeof staffSecondStepData>;

/**
 * Logs a staff member in (a captcha is required: -105 when wrong) and sets the staff session cookies
 * (`gp_staff_sid`, HttpOnly; `gp_staff_jct`, the CSRF token to send as `ct`). 500002 wrong account or
 * password (also for an unknown account); 500004 locked after repeated failures (per account and per address,
 * 30 minutes); -40005 the account is blocked (said only after a right password). Answers who is logged in; with
 * `must_change_password` 1 the console goes to the password change first, then (`second_factor` 0) to enrolment.
 * An account with a second factor gets no session yet: the answer is `staffSecondStepData`, with only the
 * HttpOnly `gp_staff_2fa` cookie set, and the login ends with `login/totp`, `login/recovery` or `login/passkey`.
 */
export const staffLogin = defineCall({
  group: 'csmng',
  method: 'POST',
  path: '/login',
  encoding: 'json',
  auth: 'public',
  request: z.object({
    account_id: accountIdRef,
    account_pwd: typedPassword,
    token: z.string().trim().min(1).max(128),
    captcha_code: z.string().trim().min(1).max(12),
  }),
  response: z.union([staffSessionData, staffSecondStepData]),
});

/** Who is logged in (-101 when nobody): privileges and whether the one-time password must be changed. */
export const staffLoginCheck = defineStaffCall({
  method: 'GET',
  path: '/login_check',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: staffSessionData,
});

/**
 * Ends this staff session and clears its cookies. A POST, not the spec's GET: ending a session is a write, and
 * writes are the calls the cross-site check refuses from another site (a link or an image cannot log staff out).
 */
export const staffLogout = defineStaffCall({
  method: 'POST',
  encoding: 'json',
  path: '/login_out',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: z.null(),
});

// ---- Accounts ----

/**
 * One staff account. Anyone may read their own; another's needs `staff.accounts` (-401). 500003: none.
 * `region` is the common parameter every call carries.
 */
export const staffAccountDetail = defineStaffCall({
  method: 'GET',
  path: '/account/detail',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({ account_id: accountIdRef }),
  response: staffAccountData,
});

/** Staff accounts, newest first; `s_account_id` finds it in account_id or account_name (case-insensitive). */
export const staffAccountList = defineStaffCall({
  method: 'GET',
  path: '/account/list',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: z.object({
    s_account_id: z.string().trim().max(64).optional(),
    page_num: pageNum,
    page_size: pageSize,
  }),
  response: staffAccountPageData,
});

/**
 * Creates a staff account with a one-time password (`account_pwd`, `staffPasswordRule`, 500006 otherwise) that
 * its owner must change at first login. -40006: the account_id is taken, also by a deleted account (account_ids
 * are never reused, so the audit log never confuses two people).
 */
export const staffAccountAdd = defineStaffCall({
  method: 'POST',
  path: '/account/add',
  encoding: 'json',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: z.object({
    account_id: staffAccountIdRule,
    account_name: staffAccountNameRule,
    account_pwd: typedPassword,
    privilege_ids: privilegeIdsRule.default([]),
    email: staffEmailRule.optional(),
  }),
  response: staffAccountData,
});

/**
 * Changes an account: the fields given are set, the others stay. `account_pwd` gives it a new one-time password
 * (the owner must change it at next login; their sessions end): not for one's own account (-40008, use
 * account/password). -40009 when it would take `staff.accounts` from the last active account holding it.
 */
export const staffAccountSave = defineStaffCall({
  method: 'POST',
  path: '/account/save',
  encoding: 'json',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: z.object({
    account_id: accountIdRef,
    account_name: staffAccountNameRule.optional(),
    privilege_ids: privilegeIdsRule.optional(),
    account_pwd: typedPassword.optional(),
    email: staffEmailRule.optional(),
  }),
  response: staffAccountData,
});

/**
 * Changes one's own password, the one-time password included (this is the forced first change): the current
 * one (510008 when wrong, counted like failed logins), the new one twice (510010 when they differ, 500006 when
 * it breaks `staffPasswordRule`, 510009 when it equals the current one). The caller's other sessions end; this
 * one stays. Answers who is logged in, now with `must_change_password` 0.
 */
export const staffAccountPassword = defineStaffCall({
  method: 'POST',
  path: '/account/password',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({ old_pwd: typedPassword, new_pwd: typedPassword, re_pwd: typedPassword }),
  response: staffSessionData,
});

const accountIdQuery = z.object({ account_id: accountIdRef });

/**
 * Deletes an account: it can no longer log in and its sessions end at once; the row stays (soft delete) so the
 * audit log and tickets keep naming it, and its account_id cannot be reused. -40008 oneself; -40009 the last
 * active holder of `staff.accounts`.
 */
export const staffAccountDelete = defineStaffCall({
  method: 'GET',
  path: '/account/del',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: accountIdQuery,
  response: z.null(),
});

/** Blocks an account (spec "limit"): its sessions end at once and it cannot log in. -40008 / -40009 as delete. */
export const staffAccountLimit = defineStaffCall({
  method: 'GET',
  path: '/account/limit',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: accountIdQuery,
  response: staffAccountData,
});

/** Unblocks an account (spec "unseal"); it logs in with its password as before. */
export const staffAccountUnseal = defineStaffCall({
  method: 'GET',
  path: '/account/unseal',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: accountIdQuery,
  response: staffAccountData,
});

// ---- Audit log ----

/**
 * The audit log, newest first, for holders of `staff.accounts`. Filters: `actor` (an account_id), `action`,
 * `target_type` and `target_id`, and a time range (`start_time` inclusive, `end_time` exclusive; ISO 8601).
 */
export const auditPage = defineStaffCall({
  method: 'GET',
  path: '/audit/page',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: z.object({
    actor: accountIdRef.optional(),
    action: z.enum(auditActions).optional(),
    target_type: z.string().trim().min(1).max(64).optional(),
    target_id: z.string().trim().min(1).max(128).optional(),
    start_time: isoTime.optional(),
    end_time: isoTime.optional(),
    page_num: pageNum,
    page_size: pageSize,
  }),
  response: auditPageData,
});

// ---- Second factor: every staff account enrols one before anything but the `self` calls ----

/** A 6-digit authenticator-app code (spaces typed between the digits are dropped). */
export const totpCodeRule = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));
/** A recovery code as typed: letters, digits and dashes, any case. */
export const recoveryCodeRule = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9 -]+$/);

/**
 * The login's second step with an authenticator-app code (needs the `gp_staff_2fa` cookie of `login`): sets the
 * staff session cookies and answers who is logged in. -40022 the step is missing or expired (5 minutes; log in
 * again); -40021 a wrong code, or one already used (each code works once); 500004 after 5 wrong second steps the
 * account is locked for 30 minutes, as for wrong passwords.
 */
export const staffLoginTotp = defineCall({
  group: 'csmng',
  method: 'POST',
  path: '/login/totp',
  encoding: 'json',
  auth: 'public',
  request: z.object({ code: totpCodeRule }),
  response: staffSessionData,
});

/** The second step with a one-time recovery code (spent by it); otherwise as `login/totp`. */
export const staffLoginRecovery = defineCall({
  group: 'csmng',
  method: 'POST',
  path: '/login/recovery',
  encoding: 'json',
  auth: 'public',
  request: z.object({ code: recoveryCodeRule }),
  response: staffSessionData,
});

/** WebAuthn options for the second step with a passkey (a new challenge each time; -40022 as `login/totp`). */
export const staffLoginPasskeyOptions = defineCall({
  group: 'csmng',
  method: 'POST',
  path: '/login/passkey/options',
  encoding: 'json',
  auth: 'public',
  request: z.object({}),
  response: webauthnOptions,
});

/** The second step with a passkey's answer to the last options; -40023 when it does not verify. */
export const staffLoginPasskey = defineCall({
  group: 'csmng',
  method: 'POST',
  path: '/login/passkey',
  encoding: 'json',
  auth: 'public',
  request: z.object({ response: webauthnResponse }),
  response: staffSessionData,
});

const secondFactorTime = z.string().nullable();

/** The caller's own second factors: when each was added and last used, and the unused recovery codes left. */
export const staffSecondFactorData = z.object({
  totp: z.object({ confirmed_at: z.string(), last_used_at: secondFactorTime }).nullable(),
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      created_at: z.string(),
      last_used_at: secondFactorTime,
    }),
  ),
  recovery_codes_left: z.number().int(),
  recovery_codes_created_at: secondFactorTime,
});
export type StaffSecondFactorData = z.infer<typeof staffSecondFactorData>;

/** New recovery codes, shown once (only their hashes are kept); null when the account already has a set. */
const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()).nullable() });

export const staffSecondFactorDetail = defineStaffCall({
  method: 'GET',
  path: '/second_factor',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: staffSecondFactorData,
});

/**
 * Starts enrolling an authenticator app: a new secret, as a QR code (`qr`, an SVG data URL of `otpauth_url`) and
 * as text to type in (`secret`). It replaces nothing until `totp/confirm` proves the app holds it.
 */
export const staffTotpStart = defineStaffCall({
  method: 'POST',
  path: '/second_factor/totp/start',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() }),
});

/**
 * Confirms the enrolment with a current code of the new secret (-40021 wrong; -40024 none started). The first
 * second factor of an account also answers its ten recovery codes, shown this once.
 */
export const staffTotpConfirm = defineStaffCall({
  method: 'POST',
  path: '/second_factor/totp/confirm',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({ code: totpCodeRule }),
  response: recoveryCodesAnswer,
});

/** A new set of ten recovery codes, replacing the old (-40020 without a second factor). */
export const staffRecoveryCodesNew = defineStaffCall({
  method: 'POST',
  path: '/second_factor/recovery_codes',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: z.object({ recovery_codes: z.array(z.string()) }),
});

/**
 * A step-up: the password and, when the account has a second factor, one current factor (an
 * authenticator-app code `totp`, a `recovery_code`, which it spends, or a `passkey` answer to
 * `second_factor/reauth/passkey/options`). Recorded on this session for 5 minutes (`valid_until`): every factor
 * change (totp/start, passkey/options, passkey/remove, recovery_codes) asks for one (-40026 without). The first
 * enrolment of an account with no factor asks for the password only (the own password change counts as one).
 * 510008 wrong password (counted like a failed login), -40021 / -40023 wrong factor (counted like a login's second
 * step), -40026 a factor was due but none given, 500004 too many tries.
 */
export const staffReauth = defineStaffCall({
  method: 'POST',
  path: '/second_factor/reauth',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({
    password: typedPassword,
    totp: totpCodeRule.optional(),
    recovery_code: recoveryCodeRule.optional(),
    passkey: webauthnResponse.optional(),
  }),
  response: z.object({ valid_until: z.string() }),
});

/** WebAuthn options for a step-up with one of one's passkeys (a new challenge, 5 minutes, used once). */
export const staffReauthPasskeyOptions = defineStaffCall({
  method: 'POST',
  path: '/second_factor/reauth/passkey/options',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: webauthnOptions,
});

/** WebAuthn options to add a passkey to one's own account (a new challenge, valid 5 minutes, used once). */
export const staffPasskeyOptions = defineStaffCall({
  method: 'POST',
  path: '/second_factor/passkey/options',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({}),
  response: webauthnOptions,
});

/**
 * Adds the passkey that answered the last options (-40023 when it does not verify). As the first second factor it
 * also answers the recovery codes (see `totp/confirm`).
 */
export const staffPasskeyAdd = defineStaffCall({
  method: 'POST',
  path: '/second_factor/passkey/add',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({ name: staffAccountNameRule, response: webauthnResponse }),
  response: recoveryCodesAnswer,
});

/** Removes one of one's own passkeys; -40025 when it is the account's only second factor. */
export const staffPasskeyRemove = defineStaffCall({
  method: 'POST',
  path: '/second_factor/passkey/remove',
  encoding: 'json',
  privilege: 'self',
  keepsPublicData: true,
  request: z.object({ id: z.number().int() }),
  response: z.null(),
});

/**
 * An administrator removes another member's second factors (app, passkeys, recovery codes; -40008 for one's own)
 * and ends their sessions; they enrol again at their next login. Audited.
 */
export const staffSecondFactorReset = defineStaffCall({
  method: 'POST',
  path: '/account/second_factor/reset',
  encoding: 'json',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: z.object({ account_id: accountIdRef }),
  response: z.null(),
});
