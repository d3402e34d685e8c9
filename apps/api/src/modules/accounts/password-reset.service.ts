/**
 * Password reset by e-mail link (spec 4): the link goes to the member's inbox, opening it confirms the inbox,
 * and the confirmed link sets a new password once. Unconfirmed links answer 510012, expired or spent ones
 * 510011. A reset ends every session of the member.
 */
import { createHash, randomBytes } from 'node:crypto';
import { passwordRule } from '@gp/contracts/passport';
import { isCommonPassword } from '../sessions/index.ts';
import type { LanguageCode } from '@gp/config';
import { messageText } from '@gp/i18n/server';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { outbox } from '../messaging/index.ts';
import type { CaptchaService } from '../sessions/index.ts';
import { EmailTicketRepository } from './email-ticket.repository.ts';
import { accountKey, type LockoutService } from '../sessions/index.ts';
import { withinLimits } from '../sessions/index.ts';
import { LockoutRepository } from '../sessions/index.ts';
import type { MemberRepository, MemberRow } from './member.repository.ts';
import type { PasswordHasher } from '../sessions/index.ts';
import type { RsaService } from './rsa.service.ts';
import type { SessionRepository } from './session.repository.ts';

export const resetLimits = { ttlMinutes: 30, resendAfterMs: 60_000, perEmailPerDay: 5 } as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
function refuse(code: number): never {
  throw new AppError(code, { domain: 'passport' });
}

export interface PasswordResetDeps {
  db: Db;
  members: MemberRepository;
  sessions: SessionRepository;
  captcha: CaptchaService;
  rsa: RsaService;
  hasher: PasswordHasher;
  lockout: LockoutService;
  /** The passport host's origin, where the link leads. */
  passportOrigin: string;
  now: Clock;
}

export class PasswordResetService {
  private readonly tickets: EmailTicketRepository;
  constructor(private readonly d: PasswordResetDeps) {
    this.tickets = new EmailTicketRepository(d.db);
  }

  private now() {
    return this.d.now();
  }

  /**
   * Sends the reset link. The answer is the same whether the address has an account: only its owner, reading
   * the mail, learns that. Both kinds of send also do the same work (`issue`), so the time an answer takes
   * tells nothing either. The limits (one a minute, a few a day) are each checked and counted in one statement,
   * so requests that arrive at once never get past them.
   */
  async sendLink(input: { email: string; imgToken: string; answer: string; lang: LanguageCode }) {
    await this.d.captcha.spend(input.imgToken, input.answer);
    const email = input.email.toLowerCase();
    const found = await this.d.members.byEmail(email);
    const now = this.now();
    const limits = [
      {
        key: `reset-link-soon:${email}`,
        windowMs: resetLimits.resendAfterMs,
        max: 1,
        code: codes.passportEmailCodeTooSoon,
      },
      {
        key: `reset-link-day:${email}`,
        windowMs: 86_400_000,
        max: resetLimits.perEmailPerDay,
        code: codes.passportEmailDailyLimit,
      },
    ].map(({ code, ...limit }) => ({ ...limit, refusal: () => new AppError(code, { domain: 'passport' }) }));
    await withinLimits(new LockoutRepository(this.d.db), limits, now, () =>
      this.issue(found, email, input.lang, now),
    );
    return { expires_in: resetLimits.ttlMinutes * 60, resend_after: resetLimits.resendAfterMs / 1000 };
  }

  /**
   * One transaction that voids the address's older live links, stores the new ticket and queues its mail; the
   * dispatcher sends it later, never this request. An address without an account goes through the very same
   * statements - its ticket belongs to nobody (`mid` null, refused by every later step) and its mail is taken
   * back before the commit - so the two answers cost the same and nothing is sent to a stranger's inbox.
   */
  private async issue(found: MemberRow | undefined, email: string, requestLang: LanguageCode, now: Date) {
    const ticket = randomBytes(32).toString('base64url');
    const link = `${this.d.passportOrigin.replace(/\/$/, '')}/findpwd?email_ticket=${ticket}&email=${encodeURIComponent(email)}`;
    // The member reads the e-mail in the language of their account, whatever page they asked from.
    const lang = (found?.lang || requestLang) as LanguageCode;
    const expiresAt = new Date(now.getTime() + resetLimits.ttlMinutes * 60_000);
    await inTransaction(this.d.db, async (tx) => {
      const tickets = new EmailTicketRepository(tx);
      await tickets.voidLive({ email, purpose: 'reset' }, now);
      await tickets.insert({
        ticketHash: sha256(ticket),
        mid: found?.mid ?? null,
        email,
        purpose: 'reset',
        createdAt: now,
        expiresAt,
      });
      const queued = await outbox.enqueue(tx, {
        channel: 'email',
        recipient: email,
        lang,
        subject: messageText(lang, 'reset.subject'),
        body: messageText(lang, 'reset.body', { link, minutes: resetLimits.ttlMinutes }),
        secret: { values: [link, ticket], expiresAt },
      });
      if (!found && queued !== undefined) await outbox.withdraw(tx, queued);
    });
  }

  /**
   * Voids every live link of the member and of their address: a reset by any means (this link, a code) leaves
   * no older link that could set the password again.
   */
  async voidLinksOf(member: { mid: number; email: string | null }) {
    await this.tickets.voidLive({ email: member.email ?? '', mid: member.mid, purpose: 'reset' }, this.now());
  }

  private async live(ticket: string) {
    const row = (await this.tickets.find(sha256(ticket))) ?? refuse(codes.passportEmailLinkExpired);
    // A ticket of an address without an account was never mailed; should it surface, it opens nothing.
    if (row.mid === null || row.usedAt || row.expiresAt <= this.now()) refuse(codes.passportEmailLinkExpired);
    return { ...row, mid: row.mid };
  }

  async confirm(input: { ticket: string; email: string }) {
    const row = await this.live(input.ticket);
    if (row.email !== input.email.toLowerCase()) refuse(codes.passportEmailLinkExpired);
    await this.tickets.confirm(row.ticketHash, this.now());
    return { confirmed: true as const };
  }

  async reset(input: { ticket: string; pwd: string; rePwd: string }) {
    const row = await this.live(input.ticket);
    if (!row.confirmedAt) refuse(codes.passportEmailLinkNotConfirmed);
    const [password, confirmation] = await this.d.rsa.decryptPasswords([input.pwd, input.rePwd]);
    if (!passwordRule.safeParse(password).success) refuse(codes.passportPasswordRule);
    if (isCommonPassword(password!)) refuse(codes.passportPasswordCommon);
    if (password !== confirmation) refuse(codes.passportPasswordsDiffer);
    if (!(await this.tickets.use(row.ticketHash, this.now()))) refuse(codes.passportEmailLinkExpired);
    // Every other link to the address or the member dies with this reset (one sent before it, or one sent to an
    // address the member had then).
    await this.tickets.voidLive({ email: row.email, mid: row.mid, purpose: 'reset' }, this.now());
    await this.d.members.setPassword(row.mid, await this.d.hasher.hash(password!), this.now());
    await this.d.sessions.revokeAllOf(row.mid, this.now());
    await this.d.lockout.recordSuccess(accountKey(row.mid));
    return null;
  }
}
