/**
 * Registration flood limit (spec 8, -800 "too many registrations"), carrier-safe. A person signs
 * up once, a family or an internet cafe a few times, a mobile carrier's shared address many times a day; a script
 * making throwaway accounts (bonus abuse, spam, name squatting) needs many. So an address has two lines per window
 * (an hour and a day, rate-limit/address-limits.ts): past the soft line (5 an hour, 20 a day) its sign-up code
 * sends need a freshly solved captcha (`pastSoftLine`), and only the ceiling (ten times that) refuses with -800.
 * What holds a script is per target (one account per e-mail or phone, codes per target) and the captcha. Only
 * successful registrations count, so typos and wrong codes never use anything up. The counts live in the
 * `auth_lockout` keyed counters (`reg-ip:<key>` for the hour, `reg-ip-day:<key>` for the day, the key being the
 * address's `addressLimitKey`: IPv6 by its /64), in fixed windows that start with the first registration.
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
import { addressLimitKey, ceilingOf } from '../rate-limit/index.ts';
import { withinLimits } from '../sessions/index.ts';
import type { LockoutRepository } from '../sessions/index.ts';

/**
 * The soft lines from env REGISTRATIONS_PER_HOUR / _PER_DAY (5 and 20 unless set; the e2e server signs up many
 * more); the ceilings are `ceilingOf` them unless given.
 */
export interface RegistrationCaps {
  perHour: number;
  perDay: number;
  ceilingPerHour?: number;
  ceilingPerDay?: number;
}

function limitsOf(caps: RegistrationCaps) {
  return [
    {
      key: (ip: string) => `reg-ip:${addressLimitKey(ip)}`,
      windowMs: 60 * 60_000,
      soft: caps.perHour,
      max: caps.ceilingPerHour ?? ceilingOf(caps.perHour),
    },
    {
      key: (ip: string) => `reg-ip-day:${addressLimitKey(ip)}`,
      windowMs: 24 * 60 * 60_000,
      soft: caps.perDay,
      max: caps.ceilingPerDay ?? ceilingOf(caps.perDay),
    },
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

  /** The registrations made from the address in each live window, in the order of `limits`. */
  private async counts(ip: string): Promise<number[]> {
    const now = this.now().getTime();
    const rows = new Map((await this.repo.find(this.limits.map((l) => l.key(ip)))).map((r) => [r.key, r]));
    return this.limits.map((limit) => {
      const row = rows.get(limit.key(ip));
      return row && now - row.windowStartedAt.getTime() < limit.windowMs ? row.failures : 0;
    });
  }

  /**
   * Refuses with -800 when the address has reached any ceiling. Counts nothing: for the calls that lead towards
   * a registration (sending its code), not for the registration itself, which goes through `within`.
   */
  async check(ip: string): Promise<void> {
    const counts = await this.counts(ip);
    if (this.limits.some((limit, i) => counts[i]! >= limit.max)) {
      throw new AppError(codes.passportTooManyRegistrations, { domain: 'passport' });
    }
  }

  /** Whether the address has passed a soft line: its sign-up code sends then need a freshly solved captcha. */
  async pastSoftLine(ip: string): Promise<boolean> {
    const counts = await this.counts(ip);
    return this.limits.some((limit, i) => counts[i]! >= limit.soft);
  }

  /**
   * Runs `register` on a slot of the address in every window (-800 when any ceiling is reached); the slots are
   * given back when `register` throws, and kept when it makes the account.
   */
  async within<T>(ip: string, register: () => Promise<T>): Promise<T> {
    const refusal = () => new AppError(codes.passportTooManyRegistrations, { domain: 'passport' });
    const limits = this.limits.map((l) => ({ key: l.key(ip), windowMs: l.windowMs, max: l.max, refusal }));
    return withinLimits(this.repo, limits, this.now(), register);
  }
}
