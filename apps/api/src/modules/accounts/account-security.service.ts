/**
 * What keeps an account its owner's: a changed e-mail or phone ends every other session and tells the
 * addresses bound before; the member sees and ends their sessions; a login from a browser the member has not
 * used before e-mails them. Notices go through the outbox in the transaction of the change they tell.
 */
import { createHash } from 'node:crypto';
import type { LanguageCode } from '@gp/config';
import { codes } from '@gp/errors';
import { messageText } from '@gp/i18n/server';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { outbox } from '../messaging/index.ts';
import { maskEmail, maskPhone } from './masking.ts';
import { DeviceRepository } from './device.repository.ts';
import { MemberRepository, type MemberRow } from './member.repository.ts';
import { newToken } from '../sessions/index.ts';
import { SessionRepository } from './session.repository.ts';
import { deviceLabel, maskIp, summarizeUserAgent } from './user-agent.ts';

export interface AccountSecurityDeps {
  db: Db;
  now: Clock;
  passportOrigin: string;
  portalOrigin: string;
}

/** "2026-11-25 21:40", the UTC time a notice names (the member's zone is not known). */
function utcMinute(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

function hashDevice(id: string): string {
  return createHash('sha256').update(`device:${id}`).digest('hex');
}

export class AccountSecurityService {
  private readonly sessions: SessionRepository;
  private readonly devices: DeviceRepository;

  constructor(private readonly d: AccountSecurityDeps) {
    this.sessions = new SessionRepository(d.db);
    this.devices = new DeviceRepository(d.db);
  }

  private langOf(row: MemberRow): LanguageCode {
    // The member reads notices in the language of their account (set at sign-up), like every e-mail we send.
    return (row.lang || 'en') as LanguageCode;
  }

  private get support() {
    return `${this.d.portalOrigin.replace(/\/$/, '')}/service`;
  }

  /**
   * Binds the new e-mail or phone, ends every session of the member but `keepSessionIdHash`, and tells each
   * address bound before (e-mail and SMS): all or nothing.
   */
  async changeContact(
    before: MemberRow,
    contact: { email: string } | { phone: string },
    keepSessionIdHash: string,
  ): Promise<MemberRow> {
    const now = this.d.now();
    return inTransaction(this.d.db, async (tx) => {
      const after = await new MemberRepository(tx).setContact(before.mid, contact, now);
      await new SessionRepository(tx).revokeOthers(before.mid, keepSessionIdHash, now);
      const kind = 'email' in contact ? 'emailChanged' : 'phoneChanged';
      const lang = this.langOf(before);
      const vars = {
        account: before.userId.includes('@') ? maskEmail(before.userId) : maskPhone(before.userId),
        address: 'email' in contact ? maskEmail(contact.email) : maskPhone(contact.phone),
        time: utcMinute(now),
        support: this.support,
      };
      if (before.email) {
        await outbox.enqueue(tx, {
          channel: 'email',
          recipient: before.email,
          lang,
          subject: messageText(lang, `accountSecurity.${kind}.subject`),
          body: messageText(lang, `accountSecurity.${kind}.body`, vars),
        });
      }
      if (before.phone) {
        await outbox.enqueue(tx, {
          channel: 'sms',
          recipient: before.phone,
          lang,
          subject: messageText(lang, `accountSecurity.${kind}.subject`),
          body: messageText(lang, `accountSecurity.${kind}.sms`, vars),
        });
      }
      return after;
    });
  }

  /**
   * After any login: records the browser (its device cookie, made here when it has none) and e-mails the member
   * when it is one they have not logged in from before. Answers the device cookie's value to set.
   */
  async loginSeen(
    member: MemberRow,
    client: { deviceId: string | undefined; userAgent: string; ip: string },
  ): Promise<string> {
    const deviceId =
      client.deviceId && /^[\w-]{32,64}$/.test(client.deviceId) ? client.deviceId : newToken(32);
    const { added, hadOthers } = await this.devices.remember(member.mid, hashDevice(deviceId));
    if (added && hadOthers && member.email) {
      const lang = this.langOf(member);
      await outbox.enqueue(this.d.db, {
        channel: 'email',
        recipient: member.email,
        lang,
        subject: messageText(lang, 'accountSecurity.newDevice.subject'),
        body: messageText(lang, 'accountSecurity.newDevice.body', {
          account: member.userId.includes('@') ? maskEmail(member.userId) : maskPhone(member.userId),
          device: deviceLabel(client.userAgent),
          address: maskIp(client.ip) ?? '?',
          time: utcMinute(this.d.now()),
          link: `${this.d.passportOrigin.replace(/\/$/, '')}/account`,
          support: this.support,
        }),
      });
    }
    return deviceId;
  }

  /**
   * The wrong password that soft-locks the account: the owner is told once per episode, by
   * e-mail, or by SMS when only a phone is bound, that logins with a password now take a new captcha and wait a
   * little, that passkeys keep working, and what to do if it was not them.
   */
  async loginFailuresNotice(member: MemberRow): Promise<void> {
    const lang = this.langOf(member);
    const vars = {
      account: member.userId.includes('@') ? maskEmail(member.userId) : maskPhone(member.userId),
      time: utcMinute(this.d.now()),
      link: `${this.d.passportOrigin.replace(/\/$/, '')}/account`,
      support: this.support,
    };
    const recipient = member.email ?? member.phone;
    if (!recipient) return;
    const channel = member.email ? 'email' : 'sms';
    await outbox.enqueue(this.d.db, {
      channel,
      recipient,
      lang,
      subject: messageText(lang, 'accountSecurity.loginFailures.subject'),
      body: messageText(lang, `accountSecurity.loginFailures.${channel === 'email' ? 'body' : 'sms'}`, vars),
    });
  }

  /** The member's live sessions for the account page; `current` marks the one asking. */
  async listSessions(member: { mid: number; sessionIdHash: string }) {
    const rows = await this.sessions.listActive(member.mid, this.d.now());
    return {
      list: rows.map((row) => ({
        id: row.idHash,
        ...summarizeUserAgent(row.userAgent),
        ip_masked: maskIp(row.ip),
        created_at: row.createdAt.toISOString(),
        last_seen: row.lastSeenAt.toISOString(),
        current: row.idHash === member.sessionIdHash,
      })),
    };
  }

  /** Ends one of the member's own sessions; another member's, or an ended one, answers "not found". */
  async endSession(member: { mid: number }, id: string) {
    if (!(await this.sessions.revokeOwn(member.mid, id, this.d.now()))) {
      throw new AppError(codes.notFound, { domain: 'passport' });
    }
    return null;
  }

  /** "Sign out everywhere else": every session of the member but the one asking. */
  async endOtherSessions(member: { mid: number; sessionIdHash: string }) {
    await this.sessions.revokeOthers(member.mid, member.sessionIdHash, this.d.now());
    return null;
  }
}
