/**
 * Registration flood limit (spec 8, -800 "too many registrations"): one client address may create at most
 * 5 accounts an hour and 20 a day. A person signs up once, a family or an internet cafe a few times; a script
 * making throwaway accounts (bonus abuse, spam, name squatting) needs many. Codes and captchas already slow each
 * attempt; this caps what one address gets out of them. Only successful registrations count, so typos and wrong
 * codes never lock anyone out. The counts live in the `auth_lockout` keyed counters (`reg-ip:<ip>` for the hour,
 * `reg-ip-day:<ip>` for the day), in fixed windows that start with the first registration.
 *
 * The check happens before the account is made and the count after, so a burst of simultaneous requests from one
 * address can pass the check together: the limit can be overshot by the requests in flight, never by more.
 */
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { LockoutRepository } from './lockout.repository.ts';

/** From env REGISTRATIONS_PER_HOUR / _PER_DAY (5 and 20 unless set; the e2e server signs up many more). */
export interface RegistrationCaps {
  perHour: number;
  perDay: number;
}

function limitsOf(caps: RegistrationCaps) {
  return [
    { key: (ip: string) => `reg-ip:${ip}`, windowMs: 60 * 60_000, max: caps.perHour },
    { key: (ip: string) => `reg-ip-day:${ip}`, windowMs: 24 * 60 * 60_000, max: caps.perDay },
  ];
}

export class RegistrationLimit {
  private readonly limits: ReturnType<typeof limitsOf>;
  private readonly now: Clock;

  constructor(
    private readonly repo: LockoutRepository,
    options: RegistrationCaps & { now: Clock },
  ) {
    this.limits = limitsOf(options);
    this.now = options.now;
  }

  /** Refuses with -800 when the address has used up any window. */
  async check(ip: string): Promise<void> {
    const now = this.now().getTime();
    const rows = new Map((await this.repo.find(this.limits.map((l) => l.key(ip)))).map((r) => [r.key, r]));
    for (const limit of this.limits) {
      const row = rows.get(limit.key(ip));
      if (row && now - row.windowStartedAt.getTime() < limit.windowMs && row.failures >= limit.max) {
        throw new AppError(codes.passportTooManyRegistrations, { domain: 'passport' });
      }
    }
  }

  /** Counts one registration from the address. */
  async record(ip: string): Promise<void> {
    const now = this.now();
    for (const limit of this.limits) await this.repo.countEvent(limit.key(ip), limit.windowMs, now);
  }
}
