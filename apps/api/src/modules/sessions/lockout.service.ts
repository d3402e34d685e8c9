/**
 * Login attempts (spec 9: lockout 30 minutes; DESIGN section 6).
 *
 * Per ACCOUNT: 5 wrong passwords in 30 minutes lock it for 30 minutes, whoever tries and from wherever. Each try
 * takes one of the 5 slots before the password is checked, in one statement, so however many guesses arrive at
 * once, at most 5 are ever checked; a right password clears the count. Names that match no account are counted
 * the same way under a key of their own, so the answers never tell which names have accounts.
 *
 * Per client ADDRESS there is no lock: mobile carriers put thousands of players behind one address, and a lock
 * there would let anyone shut all of them out. Failed logins from an address slow its answers down (a growing
 * delay, capped) and, past a threshold, tighten the captcha; a right password from it always gets in.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { addressLimitKey } from '../rate-limit/index.ts';
import { LockoutRepository, type CountedSlot } from './lockout.repository.ts';

export const lockoutPolicy = {
  windowMs: 30 * 60_000,
  lockMs: 30 * 60_000,
  perAccount: 5,
  address: {
    /** Failures from an address before its answers slow down, then this much more per failure. */
    slowAfter: 5,
    stepMs: 200,
    /** The delay's cap (env LOGIN_SLOWDOWN_MAX_MS). */
    maxDelayMs: 2_000,
    /** Failures from an address after which a login takes only a captcha solved within `freshTicketMs`. */
    tightenAfter: 10,
    freshTicketMs: 60_000,
  },
} as const;

export const accountKey = (mid: number) => `account:${mid}`;
/** A client address's login count: IPv6 by its /64 (one subscriber's), so rotating inside it gains nothing. */
export const ipKey = (ip: string) => `ip:${addressLimitKey(ip)}`;
/** A login name with no account (normalised as looked up), stored only hashed: it may be a typo of a password. */
export const loginNameKey = (name: string, scope = 'name') =>
  `${scope}:${createHash('sha256').update(name).digest('hex')}`;

/** The delay a login from an address with `failures` recent failed logins waits before it is answered. */
export function slowdownMs(failures: number, maxDelayMs: number = lockoutPolicy.address.maxDelayMs): number {
  const { slowAfter, stepMs } = lockoutPolicy.address;
  return Math.min(maxDelayMs, Math.max(0, failures - slowAfter + 1) * stepMs);
}

/** A try on an account, taken before its password is checked. */
export interface AccountTry {
  /** This try filled the account's slots: if its password is wrong, the account is locked now. */
  last: boolean;
}

/** A login counted against its client address until it turns out right (then `release`). */
export interface AddressAttempt {
  /** Failed logins from the address before this one. */
  failuresBefore: number;
  /** The address has failed so often that its logins need a freshly solved captcha. */
  tightened: boolean;
  release(): Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class LockoutService {
  private readonly now: Clock;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxDelayMs: number;

  constructor(
    private readonly repo: LockoutRepository,
    /** `sleep`: how a slowed answer waits (wall time, not business time; tests may record it instead). */
    options: { now: Clock; sleep?: (ms: number) => Promise<void>; maxDelayMs?: number },
  ) {
    this.now = options.now;
    this.sleep = options.sleep ?? realSleep;
    this.maxDelayMs = options.maxDelayMs ?? lockoutPolicy.address.maxDelayMs;
  }

  /**
   * Takes a try on the account (or unknown name) `key`; undefined when it is locked. The try counts as a failure
   * unless `recordSuccess` clears the count.
   */
  async beginTry(key: string): Promise<AccountTry | undefined> {
    const slot = await this.repo.take(
      key,
      { windowMs: lockoutPolicy.windowMs, max: lockoutPolicy.perAccount, lockMs: lockoutPolicy.lockMs },
      this.now(),
    );
    return slot && { last: slot.count >= lockoutPolicy.perAccount };
  }

  /**
   * Counts a login against the address `key` (as failed until released), then waits as long as the address's
   * earlier failures call for. Counting first, in one statement, means simultaneous logins each see the ones
   * before them.
   */
  async beginAddressAttempt(key: string): Promise<AddressAttempt> {
    const slot: CountedSlot = await this.repo.countEvent(key, lockoutPolicy.windowMs, this.now());
    const failuresBefore = slot.count - 1;
    const delay = slowdownMs(failuresBefore, this.maxDelayMs);
    if (delay > 0) await this.sleep(delay);
    let released = false;
    return {
      failuresBefore,
      tightened: failuresBefore >= lockoutPolicy.address.tightenAfter,
      release: async () => {
        if (released) return;
        released = true;
        await this.repo.release(slot);
      },
    };
  }

  /** A right password: the account's count starts again (a lock, too, ends). */
  async recordSuccess(key: string): Promise<void> {
    await this.repo.clear(key);
  }
}

/** The lockout counters on `db`, for other modules' logins (staff): keys of their own, the same policy. */
export function createLockoutService(
  db: Db,
  options: { now: Clock; sleep?: (ms: number) => Promise<void>; maxDelayMs?: number },
): LockoutService {
  return new LockoutService(new LockoutRepository(db), options);
}
