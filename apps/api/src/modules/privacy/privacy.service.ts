/**
 * Privacy rights (apps/api/README.md "Privacy"): a member's export, the deletion with its grace period (a
 * login cancels it), the erasure after it, and the staff's side (list, export for a member, erase now,
 * cancel), each staff write audited in the transaction of the change.
 *
 * The export is built in the request and answered whole: a member's history is small (orders and tickets in the
 * hundreds at most, attachments as names only), so a job with a download link would add a table, a worker and a
 * link's lifetime for nothing; the hourly limit keeps the repeated full reads in bounds.
 */
import type {
  DeletionData,
  IdentityCheckMethod,
  PrivacyExportData,
  PrivacyProofMethods,
  PrivacyRequestItem,
  PrivacyRequestPageData,
  PrivacyStatusData,
} from '@gp/contracts/privacy';
import type { OrderNote } from '@gp/contracts/cs';
import type { LanguageCode } from '@gp/config';
import { codes } from '@gp/errors';
import { messageText } from '@gp/i18n/server';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { outbox } from '../messaging/index.ts';
import {
  maskEmail,
  SessionRepository,
  type MemberProof,
  type MemberRow,
  type OwnerProof,
} from '../accounts/index.ts';
import { audit, type AuthenticatedStaff } from '../staff/index.ts';
import { messageAttachments } from '../tickets/index.ts';
import { privacyPolicy } from './privacy.policy.ts';
import {
  erasedUserId,
  PrivacyRepository,
  type ErasedCounts,
  type PrivacyRequestRow,
  type RequestFilter,
} from './privacy.repository.ts';

const day = 24 * 60 * 60_000;
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export interface PrivacyDeps {
  db: Db;
  now: Clock;
  /** The grace period of a deletion, in days (PRIVACY_DELETION_GRACE_DAYS). */
  graceDays: number;
  /** The owner's proofs (password, passkey, e-mailed code), the passport's, counted as it counts them. */
  proof?: MemberProof;
}

/** The code e-mailed for a deletion or an export is for this purpose only (`member-proof.ts`). */
const codePurpose = 'privacy';

const refuse = (code: number) => new AppError(code, { domain: 'passport' });

export class PrivacyService {
  constructor(private readonly d: PrivacyDeps) {}

  private repo(db: Db = this.d.db) {
    return new PrivacyRepository(db);
  }

  // ---- The member ----

  /** `sessionIdHash`: the asking session, whose recent proof of the owner allows an export. */
  async status(mid: number, sessionIdHash?: string): Promise<PrivacyStatusData> {
    const latest = await this.repo().latestDeletion(mid);
    const now = this.d.now().getTime();
    const justCancelled =
      latest?.state === 'cancelled' &&
      latest.cancelReason === 'login' &&
      !!latest.cancelledAt &&
      now - latest.cancelledAt.getTime() <= privacyPolicy.justCancelledMs;
    return {
      deletion: latest ? deletionOf(latest) : null,
      just_cancelled_by_login: justCancelled ? 1 : 0,
      grace_days: this.d.graceDays,
      proof: await this.proofMethods(mid),
      export_allowed_until: sessionIdHash ? isoOrNull(await this.exportAllowedUntil(sessionIdHash)) : null,
    };
  }

  // ---- The owner's proof ----

  /**
   * The address a code goes to: the account's e-mail, else the newest one a social-login provider gave (a relay
   * address such as Apple's forwards to the player, so it proves the mailbox as well).
   */
  private async codeAddress(mid: number, db: Db = this.d.db): Promise<string | null> {
    const repo = this.repo(db);
    const row = await repo.member(mid);
    if (row?.email) return row.email;
    const withEmail = (await repo.identitiesOf(mid)).filter((i) => i.email);
    return withEmail.at(-1)?.email ?? null;
  }

  private async proofMethods(mid: number): Promise<PrivacyProofMethods> {
    const proof = this.d.proof;
    if (!proof) return { password: 0, passkey: 0, email: null };
    const password = await proof.hasPassword(mid);
    const email = password ? null : await this.codeAddress(mid);
    return {
      password: password ? 1 : 0,
      passkey: (await proof.hasPasskey(mid)) ? 1 : 0,
      email: email ? maskEmail(email) : null,
    };
  }

  /**
   * Checks the owner's proof or throws the passport's refusal. A passkey always counts; a member with a
   * password gives it (-600 without); one without (social login) gives the code e-mailed to `codeAddress`; one
   * with none of these cannot prove it here (-740: customer service opens the deletion after checking).
   */
  private async proveOwner(mid: number, given: OwnerProof): Promise<void> {
    const proof = this.d.proof;
    if (!proof) throw new AppError(codes.cannotOperate);
    if (given.passkey) return proof.requirePasskey(mid, given.passkey);
    if (await proof.hasPassword(mid)) {
      if (!given.pwd) throw refuse(codes.passportPasswordRequired);
      return proof.requirePassword(mid, given.pwd);
    }
    const email = await this.codeAddress(mid);
    if (!email) {
      throw refuse((await proof.hasPasskey(mid)) ? codes.passportPasskeyFailed : codes.passportNoProofMethod);
    }
    return proof.requireCode(mid, { email, purpose: codePurpose, code: given.code ?? '' });
  }

  /** E-mails the code of a member without a password (one with a password gives it instead: -111). */
  async sendCode(mid: number, client: { ip: string; lang: LanguageCode }) {
    const proof = this.d.proof;
    if (!proof || (await proof.hasPassword(mid))) throw new AppError(codes.cannotOperate);
    const email = await this.codeAddress(mid);
    if (!email) throw refuse(codes.passportNoProofMethod);
    await proof.sendCode(mid, { email, purpose: codePurpose, ...client });
    return { expires_in: 600, resend_after: 60 };
  }

  /** The owner proved it again on this session: it may download the data for `reauthWindowMs`. */
  async confirmOwner(member: { mid: number; sessionIdHash: string }, given: OwnerProof) {
    await this.proveOwner(member.mid, given);
    const now = this.d.now();
    await new SessionRepository(this.d.db).markReauthenticated(member.sessionIdHash, now);
    return { export_allowed_until: iso(new Date(now.getTime() + privacyPolicy.reauthWindowMs)) };
  }

  private async exportAllowedUntil(sessionIdHash: string): Promise<Date | null> {
    const at = await new SessionRepository(this.d.db).reauthenticatedAt(sessionIdHash);
    const until = at && new Date(at.getTime() + privacyPolicy.reauthWindowMs);
    return until && until > this.d.now() ? until : null;
  }

  /**
   * The member's own data; only on a session that proved the owner within `reauthWindowMs` (-741: a stolen
   * session alone cannot take it all); at most `exportsPerHour` an hour (800000 beyond), each recorded.
   */
  async exportOwn(
    member: { mid: number; sessionIdHash: string },
    lang: LanguageCode,
  ): Promise<PrivacyExportData> {
    const { mid } = member;
    if (!(await this.exportAllowedUntil(member.sessionIdHash))) throw refuse(codes.passportConfirmAgain);
    const now = this.d.now();
    return inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      // Locked: parallel downloads of one member are counted one after another, never past the limit.
      const row = await repo.lockMember(mid);
      if (!row) throw new AppError(codes.notLoggedIn);
      const recent = await repo.exportsSince(mid, new Date(now.getTime() - 60 * 60_000));
      if (recent >= privacyPolicy.exportsPerHour) throw new AppError(codes.tooFrequent, { status: 429 });
      await repo.insert({
        mid,
        kind: 'export',
        state: 'done',
        requestedBy: 'member',
        lang,
        completedAt: now,
      });
      return exportOf(tx, row, now);
    });
  }

  /**
   * Asks to delete the account: the owner's proof first (a stolen session alone cannot; `proveOwner`), then one
   * pending request per member (a second answers the first), every session ended, and a confirmation in the
   * member's language.
   */
  async requestDeletion(mid: number, given: OwnerProof, lang: LanguageCode): Promise<PrivacyStatusData> {
    await this.proveOwner(mid, given);
    const now = this.d.now();
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockMember(mid);
      if (!row) throw new AppError(codes.notLoggedIn);
      if (await repo.pendingDeletion(mid)) return;
      const eraseAfter = new Date(now.getTime() + this.d.graceDays * day);
      await repo.insert({ mid, kind: 'deletion', state: 'pending', requestedBy: 'member', lang, eraseAfter });
      await new SessionRepository(tx).revokeAllOf(mid, now);
      await notify(tx, row, lang, 'deletionRequested', {
        date: iso(eraseAfter).slice(0, 10),
        days: this.d.graceDays,
      });
    });
    return this.status(mid);
  }

  /**
   * Staff open a deletion for a member who asked them (one who cannot prove it on the site), after checking who
   * they are: how (`method`) and what (`note`) is audited with it. From then on it is a member's request: the
   * grace period, every session ended, the member told in their language, a login cancels it, the job erases.
   */
  async openDeletion(
    staff: AuthenticatedStaff,
    input: { mid: number; method: IdentityCheckMethod; note: string },
  ): Promise<PrivacyRequestItem> {
    const now = this.d.now();
    return inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.lockMember(input.mid);
      if (!row) throw new AppError(codes.notFound);
      // An erased account has nobody left to erase; a pending request is the one to act on.
      if (row.userId === erasedUserId(row.mid) || (await repo.pendingDeletion(row.mid))) {
        throw new AppError(codes.cannotOperate);
      }
      const lang = row.lang as LanguageCode;
      const eraseAfter = new Date(now.getTime() + this.d.graceDays * day);
      const request = await repo.insert({
        mid: row.mid,
        kind: 'deletion',
        state: 'pending',
        requestedBy: 'staff',
        staffId: staff.staffId,
        lang,
        eraseAfter,
      });
      await new SessionRepository(tx).revokeAllOf(row.mid, now);
      await notify(tx, row, lang, 'deletionRequested', {
        date: iso(eraseAfter).slice(0, 10),
        days: this.d.graceDays,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'privacy.open_deletion',
        target: { type: 'privacy_request', id: request.id },
        after: {
          state: 'pending',
          mid: row.mid,
          erase_after: iso(eraseAfter),
          identity_check: { method: input.method, note: input.note },
        },
      });
      return itemOf(request, row.userId);
    });
  }

  /** A login during the grace period cancels the deletion (the member is told by e-mail and on the page). */
  async cancelByLogin(mid: number): Promise<void> {
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const cancelled = await repo.cancelPending(mid, 'login', this.d.now());
      if (!cancelled) return;
      const row = await repo.member(mid);
      if (row) await notify(tx, row, cancelled.lang as LanguageCode, 'deletionCancelled', {});
    });
  }

  // ---- The job ----

  /** Erases the members whose grace period is over; answers how many. Resumable: each is its own transaction. */
  async eraseDue(stop: () => boolean = () => false): Promise<number> {
    const due = await this.repo().dueDeletions(this.d.now(), privacyPolicy.maxErasuresPerRound);
    let erased = 0;
    for (const id of due) {
      if (stop()) break;
      if (await this.erase(id, null)) erased += 1;
    }
    return erased;
  }

  /**
   * Erases one pending deletion's member and marks it done, in one transaction; answers what changed, or nothing
   * when the request is no longer pending (cancelled, or another process was first). `staff`: carried out now by
   * staff (audited), else due.
   */
  private async erase(
    requestId: number,
    staff: AuthenticatedStaff | null,
  ): Promise<{ request: PrivacyRequestRow; counts: ErasedCounts } | undefined> {
    const now = this.d.now();
    return inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const request = await repo.lockRequest(requestId);
      if (!request || request.kind !== 'deletion' || request.state !== 'pending') return undefined;
      if (!staff && request.eraseAfter && request.eraseAfter > now) return undefined;
      const row = await repo.member(request.mid);
      const counts = row ? await repo.erase(row, now) : emptyCounts;
      const done = await repo.markDone(request.id, now);
      if (staff) {
        await audit.record(tx, {
          actor: staff,
          action: 'privacy.erase',
          target: { type: 'privacy_request', id: request.id },
          before: { state: request.state, erase_after: isoOrNull(request.eraseAfter) },
          after: { state: 'done', mid: request.mid, erased: counts },
        });
      }
      return { request: done, counts };
    });
  }

  // ---- Staff ----

  async page(filter: RequestFilter, pageNum: number, pageSize: number): Promise<PrivacyRequestPageData> {
    const { total, rows } = await this.repo().page(filter, pageNum, pageSize);
    return {
      list: rows.map((r) => itemOf(r.request, r.userId)),
      total,
      page_num: pageNum,
      page_size: pageSize,
    };
  }

  /** Erases a pending deletion now, before its grace period ends (identity verified off-line). -111 otherwise. */
  async eraseNow(staff: AuthenticatedStaff, requestId: number): Promise<PrivacyRequestItem> {
    const done = await this.erase(requestId, staff);
    if (!done) throw await this.refusal(requestId);
    return itemOf(done.request, (await this.repo().member(done.request.mid))?.userId ?? '');
  }

  async cancel(staff: AuthenticatedStaff, requestId: number): Promise<PrivacyRequestItem> {
    const now = this.d.now();
    const result = await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const request = await repo.lockRequest(requestId);
      if (!request || request.kind !== 'deletion' || request.state !== 'pending') return undefined;
      const cancelled = (await repo.cancelPending(request.mid, 'staff', now))!;
      const row = await repo.member(request.mid);
      if (row) await notify(tx, row, request.lang as LanguageCode, 'deletionCancelled', {});
      await audit.record(tx, {
        actor: staff,
        action: 'privacy.cancel',
        target: { type: 'privacy_request', id: request.id },
        before: { state: request.state },
        after: { state: cancelled.state, mid: request.mid },
      });
      return itemOf(cancelled, row?.userId ?? '');
    });
    if (!result) throw await this.refusal(requestId);
    return result;
  }

  /** A member's data for them (asked off-line): recorded as a staff export and audited. */
  async exportFor(staff: AuthenticatedStaff, mid: number, lang: LanguageCode): Promise<PrivacyExportData> {
    const now = this.d.now();
    return inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.member(mid);
      if (!row) throw new AppError(codes.notFound);
      const request = await repo.insert({
        mid,
        kind: 'export',
        state: 'done',
        requestedBy: 'staff',
        staffId: staff.staffId,
        lang,
        completedAt: now,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'privacy.export',
        target: { type: 'member', id: mid },
        after: { request_id: request.id },
      });
      return exportOf(tx, row, now);
    });
  }

  private async refusal(requestId: number): Promise<AppError> {
    const request = await this.repo().lockRequest(requestId);
    return new AppError(request ? codes.cannotOperate : codes.notFound);
  }
}

const emptyCounts: ErasedCounts = {
  sessions: 0,
  socialLinks: 0,
  contacts: 0,
  files: 0,
  ticketMessages: 0,
  tickets: 0,
  orders: 0,
  messages: 0,
};

function deletionOf(row: PrivacyRequestRow): DeletionData {
  return {
    request_id: row.id,
    state: row.state,
    requested_at: iso(row.createdAt),
    erase_after: iso(row.eraseAfter ?? row.createdAt),
    cancelled_at: isoOrNull(row.cancelledAt),
    cancel_reason: row.cancelReason,
  };
}

function itemOf(row: PrivacyRequestRow, userId: string): PrivacyRequestItem {
  return {
    request_id: row.id,
    mid: row.mid,
    user_id: userId,
    kind: row.kind,
    state: row.state,
    requested_by: row.requestedBy,
    created_at: iso(row.createdAt),
    erase_after: isoOrNull(row.eraseAfter),
    cancelled_at: isoOrNull(row.cancelledAt),
    cancel_reason: row.cancelReason,
    completed_at: isoOrNull(row.completedAt),
  };
}

/**
 * The confirmation of a request or a cancellation: by e-mail when one is bound (or, for a social-login member, the
 * one their provider gave), else by SMS.
 */
async function notify(
  tx: Db,
  row: MemberRow,
  lang: LanguageCode,
  what: 'deletionRequested' | 'deletionCancelled',
  vars: Record<string, string | number>,
): Promise<void> {
  const email =
    row.email ?? (await new PrivacyRepository(tx).identitiesOf(row.mid)).filter((i) => i.email).at(-1)?.email;
  if (email) {
    await outbox.enqueue(tx, {
      channel: 'email',
      recipient: email,
      lang,
      subject: messageText(lang, `privacy.${what}.subject`, vars),
      body: messageText(lang, `privacy.${what}.body`, vars),
    });
  } else if (row.phone) {
    await outbox.enqueue(tx, {
      channel: 'sms',
      recipient: row.phone,
      lang,
      subject: '',
      body: messageText(lang, `privacy.${what}.sms`, vars),
    });
  }
}

/** A product or game name in the order's language, else en, else any. */
function nameIn(names: Record<string, string> | undefined, lang: string): string {
  if (!names) return '';
  return names[lang] ?? names.en ?? Object.values(names)[0] ?? '';
}

async function exportOf(db: Db, row: MemberRow, now: Date): Promise<PrivacyExportData> {
  const { mid } = row;
  const repo = new PrivacyRepository(db);
  const [identities, contact, orders, tickets, requests] = await Promise.all([
    repo.identitiesOf(mid),
    repo.contactOf(mid),
    repo.ordersOf(mid),
    repo.ticketsOf(mid),
    repo.requestsOf(mid),
  ]);
  const events = await repo.orderEvents(orders.map((o) => o.id));
  const messages = await repo.ticketMessages(tickets.map((t) => t.id));
  const files = await messageAttachments(
    db,
    messages.map((m) => m.id),
  );
  return {
    format: 'gp-privacy-export/1',
    generated_at: iso(now),
    account: {
      mid,
      user_id: row.userId,
      nick_name: row.nickName,
      login_type: row.loginType,
      email: row.email,
      phone: row.phone,
      lang: row.lang,
      created_at: iso(row.createdAt),
    },
    social_links: identities.map((i) => ({
      provider: i.provider,
      subject: i.subject,
      email: i.email,
      linked_at: iso(i.createdAt),
    })),
    contact: contact
      ? {
          name: contact.contacts,
          sex: contact.sex,
          mobile: contact.mobile,
          email: contact.email,
          address: contact.address,
          updated_at: iso(contact.updatedAt),
        }
      : null,
    orders: orders.map((o) => ({
      order_no: o.orderNo,
      state: o.state,
      game_base_id: o.gameBaseId,
      server_id: o.cpServerId,
      role_id: o.cpRoleId,
      role_name: o.roleName,
      product_id: o.productId,
      product_name: nameIn(o.names.product, o.lang),
      credit_amount: o.creditAmount,
      price: o.price,
      currency: o.currency,
      payment_type: o.paymentType,
      created_at: iso(o.createdAt),
      paid_at: isoOrNull(o.paidAt),
      delivered_at: isoOrNull(o.deliveredAt),
      events: events
        .filter((e) => e.orderId === o.id)
        .map((e) => ({ from_state: e.fromState, to_state: e.toState, at: iso(e.createdAt) })),
    })),
    tickets: tickets.map((t) => ({
      id: t.id,
      game_base_id: t.gameBaseId,
      title: t.title,
      status: t.status,
      reply_email: t.replyEmail,
      character_id: t.characterId,
      character_name: t.characterName,
      grade: t.grade,
      created_at: iso(t.createdAt),
      closed_at: isoOrNull(t.closedAt),
      messages: messages
        .filter((m) => m.workOrderId === t.id)
        .map((m) => ({
          kind: m.kind as 'question' | 'follow_up' | 'reply' | 'order_note',
          author: m.kind === 'reply' || m.kind === 'order_note' ? ('staff' as const) : ('member' as const),
          content: m.content,
          ...(m.note ? { note: m.note as OrderNote } : {}),
          created_at: iso(m.createdAt),
          attachments: files
            .filter((f) => f.messageId === m.id)
            .map((f) => ({
              file_name: f.fileName,
              kind: f.kind,
              content_type: f.contentType,
              byte_size: f.byteSize,
            })),
        })),
    })),
    privacy_requests: requests.map((r) => ({
      kind: r.kind,
      state: r.state,
      created_at: iso(r.createdAt),
      erase_after: isoOrNull(r.eraseAfter),
      cancelled_at: isoOrNull(r.cancelledAt),
      completed_at: isoOrNull(r.completedAt),
    })),
  };
}
