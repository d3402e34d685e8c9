/**
 * SMS and e-mail codes (DESIGN section 6; spec 8 codes): 6 digits, stored as a keyed hash, single use, valid
 * 10 minutes, dead after 5 wrong tries; a target gets one code a minute and a daily number of them; one address
 * may not spray codes at many targets. Every one of these limits is checked and counted in one statement. The
 * code and its message are written in one transaction, so a code is never stored without its message or sent
 * without being stored.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { LanguageCode } from '@gp/config';
import { codes } from '@gp/errors';
import { messageText } from '@gp/i18n/server';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { outbox } from '../messaging/index.ts';
import { addressLimitKey, addressLimits, ceilingOf } from '../rate-limit/index.ts';
import { withinLimits, type CountedLimit } from '../sessions/index.ts';
import { LockoutRepository } from '../sessions/index.ts';
import { VerificationCodeRepository, type CodeChannel } from './verification-code.repository.ts';

export const codeLimits = {
  ttlMinutes: 10,
  maxWrongTries: 5,
  resendAfterMs: 60_000,
  perTargetPerDay: 10,
  /** The soft line of codes per client address an hour; ten times it is the ceiling (rate-limit/address-limits). */
  perIpPerHour: addressLimits.codes.softPerHour,
} as const;

/** The spec's codes differ between the e-mail and the SMS flavour of the same refusal. */
const refusals = {
  email: {
    tooSoon: codes.passportEmailCodeTooSoon,
    daily: codes.passportEmailDailyLimit,
    empty: codes.passportEmailCodeEmpty,
    expired: codes.passportEmailCodeExpired,
    wrong: codes.passportEmailCodeWrong,
  },
  sms: {
    tooSoon: codes.passportSmsAlreadySent,
    daily: codes.passportSmsDailyLimit,
    empty: codes.passportSmsCodeEmpty,
    expired: codes.passportSmsCodeExpired,
    wrong: codes.passportSmsCodeWrong,
  },
} as const;

export interface CodeRequest {
  channel: CodeChannel;
  /** Normalized: lower-cased e-mail, or E.164 digits without the plus. */
  target: string;
  purpose: string;
  ip: string;
  lang: LanguageCode;
  /** SMS only: the number's country calling code (its prefix), which has its own daily cap. */
  callingCode?: number;
}

/**
 * SMS cost guards (env SMS_*): every SMS costs money, and "SMS pumping" sends many to numbers whose operator
 * shares the fee. Per number and per country prefix a day, and a global daily budget that stops every SMS once
 * spent. Per client address a day `perAddressPerDay` is a soft line (the public sends then need a freshly solved
 * captcha) with a ceiling ten times it: a carrier's shared address must not lose SMS for everyone behind it.
 */
export interface SmsGuards {
  perNumberPerDay: number;
  perAddressPerDay: number;
  perPrefixPerDay: number;
  dailyBudget: number;
}

export const defaultSmsGuards: SmsGuards = {
  perNumberPerDay: 10,
  perAddressPerDay: addressLimits.sms.softPerDay,
  perPrefixPerDay: 2_000,
  dailyBudget: 10_000,
};

/** The budget and prefix counters count a UTC day, named in their keys, so staff can read "today". */
export const smsDayKeys = (day: string) => ({
  budget: `sms-budget:${day}`,
  prefix: (callingCode: number | string) => `sms-prefix:${day}:${callingCode}`,
});

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Longer than any day, so a day's counter never restarts within its day (its key changes at midnight UTC). */
const dayKeyWindowMs = 2 * 86_400_000;

/** A message sent through the code limits instead of the code (see `send`). */
export interface CodeNotice {
  /** The recipient's language, which may differ from the asker's. */
  lang: LanguageCode;
  subject: string;
  body: string;
}

export class VerificationCodeService {
  private readonly now: Clock;
  private readonly perIpPerHour: number;
  private readonly sms: SmsGuards;

  constructor(
    private readonly db: Db,
    private readonly pepper: () => Promise<string>,
    /**
     * `perIpPerHour`: env CODES_PER_IP_PER_HOUR (the e2e server, all on 127.0.0.1, needs more); `sms`: the
     * SMS_* settings.
     */
    options: { now: Clock; perIpPerHour?: number; sms?: Partial<SmsGuards> },
  ) {
    this.now = options.now;
    this.perIpPerHour = options.perIpPerHour ?? codeLimits.perIpPerHour;
    this.sms = { ...defaultSmsGuards, ...options.sms };
  }

  private async hash(channel: CodeChannel, target: string, purpose: string, code: string) {
    return createHmac('sha256', await this.pepper())
      .update(`${channel}:${target}:${purpose}:${code}`)
      .digest('hex');
  }

  /**
   * The slots a send takes, in fixed windows starting with the first send; `withinLimits` checks and counts
   * each in one statement, so sends that arrive at once never all pass a limit only some of them fit in.
   */
  private sendLimits(request: CodeRequest, now: Date): CountedLimit[] {
    const { channel, target } = request;
    const address = addressLimitKey(request.ip);
    return [
      {
        key: `code-soon:${channel}:${target}`,
        windowMs: codeLimits.resendAfterMs,
        max: 1,
        refusal: () => new AppError(refusals[channel].tooSoon, { domain: 'passport' }),
      },
      {
        key: `code-day:${channel}:${target}`,
        windowMs: 86_400_000,
        max: channel === 'sms' ? this.sms.perNumberPerDay : codeLimits.perTargetPerDay,
        refusal: () => new AppError(refusals[channel].daily, { domain: 'passport' }),
      },
      {
        key: `code-ip:${address}`,
        windowMs: 3_600_000,
        max: ceilingOf(this.perIpPerHour),
        refusal: () => new AppError(codes.tooFrequent, { domain: 'common', status: 429 }),
      },
      ...(channel === 'sms' ? this.smsLimits(request, now) : []),
    ];
  }

  /** The SMS cost guards, the global budget last: a send refused by another cap spends none of it. */
  private smsLimits(request: CodeRequest, now: Date): CountedLimit[] {
    const day = smsDayKeys(utcDay(now));
    const refuse = (code: number) => () => new AppError(code, { domain: 'passport', status: 429 });
    return [
      {
        key: `sms-ip-day:${addressLimitKey(request.ip)}`,
        windowMs: 86_400_000,
        max: ceilingOf(this.sms.perAddressPerDay),
        refusal: refuse(codes.passportSmsDailyLimit),
      },
      {
        key: day.prefix(request.callingCode ?? 'unknown'),
        windowMs: dayKeyWindowMs,
        max: this.sms.perPrefixPerDay,
        refusal: refuse(codes.passportSmsCountryPaused),
      },
      {
        key: day.budget,
        windowMs: dayKeyWindowMs,
        max: this.sms.dailyBudget,
        refusal: refuse(codes.passportSmsPaused),
      },
    ];
  }

  /**
   * Whether the client address has passed a soft line of the code or SMS caps (counts nothing): the public code
   * sends then take only a freshly solved captcha, rather than refusing everyone behind a shared address.
   */
  async pastSoftLine(ip: string): Promise<boolean> {
    const address = addressLimitKey(ip);
    const lines = new Map([
      [`code-ip:${address}`, { windowMs: 3_600_000, soft: this.perIpPerHour }],
      [`sms-ip-day:${address}`, { windowMs: 86_400_000, soft: this.sms.perAddressPerDay }],
    ]);
    const now = this.now().getTime();
    const rows = await new LockoutRepository(this.db).find([...lines.keys()]);
    return rows.some((row) => {
      const line = lines.get(row.key)!;
      return now - row.windowStartedAt.getTime() < line.windowMs && row.failures >= line.soft;
    });
  }

  /**
   * `deliver: false` goes through every limit and stores a code like a real send, but sends no message: for a
   * reset asked for an address with no account, which must look exactly like one with an account (the stored
   * code, which nobody ever sees, makes the later checks answer alike too).
   */
  async send(request: CodeRequest, options: { deliver?: boolean; notice?: CodeNotice } = {}): Promise<void> {
    const now = this.now();
    await withinLimits(new LockoutRepository(this.db), this.sendLimits(request, now), now, () =>
      this.store(request, now, options.deliver !== false, options.notice),
    );
  }

  /**
   * Makes the code and writes it with its message. `notice`: the code is stored but this message goes out in its
   * place (a sign-up with an address that has an account: its owner is told instead, and no code that works is
   * ever seen by anyone, as with `deliver: false`).
   */
  private async store(request: CodeRequest, now: Date, deliver: boolean, notice?: CodeNotice): Promise<void> {
    const { channel, target, purpose, ip, lang } = request;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = await this.hash(channel, target, purpose, code);
    const vars = { code, minutes: codeLimits.ttlMinutes };
    const expiresAt = new Date(now.getTime() + codeLimits.ttlMinutes * 60_000);
    await inTransaction(this.db, async (tx) => {
      await new VerificationCodeRepository(tx).insert({
        channel,
        target,
        purpose,
        codeHash,
        ip,
        createdAt: now,
        expiresAt,
      });
      if (!deliver) return;
      if (notice) {
        await outbox.enqueue(tx, { channel, recipient: target, ...notice });
        return;
      }
      await outbox.enqueue(tx, {
        channel,
        recipient: target,
        lang,
        subject: messageText(lang, 'code.subject'),
        body: messageText(lang, channel === 'sms' ? 'code.sms' : 'code.body', vars),
        secret: { values: [code], expiresAt },
      });
    });
  }

  /**
   * Checks the code, or refuses with the channel's code for empty, expired (or spent) and wrong. `consume: false`
   * only checks (a form's "check" step); the call that acts on the code consumes it.
   */
  async check(
    request: Omit<CodeRequest, 'ip' | 'lang'> & { code: string | undefined; consume?: boolean },
  ): Promise<void> {
    const { channel, target, purpose } = request;
    const refusal = refusals[channel];
    const code = request.code?.trim() ?? '';
    if (code === '') throw new AppError(refusal.empty, { domain: 'passport' });
    const outcome = await new VerificationCodeRepository(this.db).tryCode(
      { channel, target, purpose, hash: await this.hash(channel, target, purpose, code) },
      { now: this.now(), maxTries: codeLimits.maxWrongTries, consume: request.consume !== false },
    );
    if (outcome === 'dead') throw new AppError(refusal.expired, { domain: 'passport' });
    if (outcome === 'wrong') throw new AppError(refusal.wrong, { domain: 'passport' });
  }
}
