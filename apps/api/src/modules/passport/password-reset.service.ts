/**
 * Password reset by e-mail link (spec 4): the link goes to the member's inbox, opening it confirms the inbox,
 * and the confirmed link sets a new password once. Unconfirmed links answer 510012, expired or spent ones
 * 510011. A reset ends every session of the member.
 */
import { createHash, randomBytes } from 'node:crypto';
import { passwordRule } from '@gp/contracts/passport';
import type { LanguageCode } from '@gp/config';
import { messageText } from '@gp/i18n/server';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { outbox } from '../messaging/index.ts';
import type { CaptchaService } from './captcha.service.ts';
import { EmailTicketRepository } from './email-ticket.repository.ts';
import { accountKey, type LockoutService } from './lockout.service.ts';
import type { MemberRepository } from './member.repository.ts';
import type { PasswordHasher } from './password.ts';
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

  async sendLink(input: { email: string; imgToken: string; answer: string; lang: LanguageCode }) {
    await this.d.captcha.requireTicket((await this.d.captcha.verify(input.imgToken, input.answer)).ticket);
    const email = input.email.toLowerCase();
    const found = (await this.d.members.byEmail(email)) ?? refuse(codes.passportAccountNotFound);
    const now = this.now();
    const last = await this.tickets.lastSentAt(email);
    if (last && now.getTime() - last.getTime() < resetLimits.resendAfterMs)
      refuse(codes.passportEmailCodeTooSoon);
    if (
      (await this.tickets.countSince(email, new Date(now.getTime() - 86_400_000))) >=
      resetLimits.perEmailPerDay
    )
      refuse(codes.passportEmailDailyLimit);
    const ticket = randomBytes(32).toString('base64url');
    const link = `${this.d.passportOrigin.replace(/\/$/, '')}/findpwd?email_ticket=${ticket}&email=${encodeURIComponent(email)}`;
    // The member reads the e-mail in the language of their account, whatever page they asked from.
    const lang = (found.lang || input.lang) as LanguageCode;
    await inTransaction(this.d.db, async (tx) => {
      await new EmailTicketRepository(tx).insert({
        ticketHash: sha256(ticket),
        mid: found.mid,
        email,
        purpose: 'reset',
        createdAt: now,
        expiresAt: new Date(now.getTime() + resetLimits.ttlMinutes * 60_000),
      });
      await outbox.enqueue(tx, {
        channel: 'email',
        recipient: email,
        lang,
        subject: messageText(lang, 'reset.subject'),
        body: messageText(lang, 'reset.body', { link, minutes: resetLimits.ttlMinutes }),
        secret: {
          values: [link, ticket],
          expiresAt: new Date(now.getTime() + resetLimits.ttlMinutes * 60_000),
        },
      });
    });
    return { expires_in: resetLimits.ttlMinutes * 60, resend_after: resetLimits.resendAfterMs / 1000 };
  }

  private async live(ticket: string) {
    const row = (await this.tickets.find(sha256(ticket))) ?? refuse(codes.passportEmailLinkExpired);
    if (row.usedAt || row.expiresAt <= this.now()) refuse(codes.passportEmailLinkExpired);
    return row;
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
    if (password !== confirmation) refuse(codes.passportPasswordsDiffer);
    if (!(await this.tickets.use(row.ticketHash, this.now()))) refuse(codes.passportEmailLinkExpired);
    await this.d.members.setPassword(row.mid, await this.d.hasher.hash(password!), this.now());
    await this.d.sessions.revokeAllOf(row.mid, this.now());
    await this.d.lockout.recordSuccess(accountKey(row.mid));
    return null;
  }
}
