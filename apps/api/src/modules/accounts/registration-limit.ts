/**
 * Registration flood limit (spec 8, -800 "too many registrations"): one client address may create at most
 * 5 accounts an hour and 20 a day. A person signs up once, a family or an internet cafe a few times; a script
 * making throwaway accounts (bonus abuse, spam, name squatting) needs many. Codes and captchas already slow each
 * attempt; this caps what one address gets out of them. Only successful registrations count, so typos and wrong
 * codes never lock anyone out. The counts live in the `auth_lockout` keyed counters (`reg-ip:<ip>` for the hour,
 * `reg-ip-day:<ip>` for the day), in fixed windows that start with the first registration.
 *
 * Race-free: a registration takes its slot in both windows before the account is made, each in one statement
 * that checks and counts together, so however many requests arrive at once, no more than the free slots get
 * through. A registration that then fails (a wrong code, a taken name, a crash of the insert) gives its slots
 * back, so only accounts actually made use them up. A slot given back never frees one of a newer window (the
 * release names the window it was taken in). While a registration is in flight its slot is taken: a burst can
 * be refused a slot that a failing request then gives back; that errs on the safe side.
 */
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import { withinLimits } from '../sessions/index.ts';
import type { LockoutRepository } from '../sessions/index.ts';

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

  /**
   * Refuses with -800 when the address has used up any window. Counts nothing: for the calls that lead towards
   * a registration (sending its code), not for the registration itself, which goes through `within`.
   */
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

  /**
   * Runs `register` on a slot of the address in every window (-800 when any is used up); the slots are given
   * back when `register` throws, and kept when it makes the account.
   */
  async within<T>(ip: string, register: () => Promise<T>): Promise<T> {
    const refusal = () => new AppError(codes.passportTooManyRegistrations, { domain: 'passport' });
    const limits = this.limits.map((l) => ({ key: l.key(ip), windowMs: l.windowMs, max: l.max, refusal }));
    return withinLimits(this.repo, limits, this.now(), register);
  }
}
