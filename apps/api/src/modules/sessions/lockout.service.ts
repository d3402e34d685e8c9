/**
 * Login attempts (DESIGN section 6, now a soft lock, never a lockout strangers can cause).
 *
 * Per ACCOUNT, at LOGIN (`beginLoginTry`): wrong passwords are counted in a day's window; after 5 the account is
 * soft-locked: its password login takes only a freshly solved captcha (-105 otherwise, and the page shows a new
 * picture) and each answer waits a little longer (doubling, capped), but the right password with the captcha
 * solved always gets in, and clears the count. Nobody can shut an owner out by typing wrong passwords for their
 * name. Each try is counted before its password is checked, in one statement, so of any number of guesses
 * arriving at once at most 5 are checked without a fresh captcha. The try that soft-locks the account is told to
 * the caller once per episode (the owner is notified). Names that match no account are counted the same way
 * under a key of their own, so the answers never tell which names have accounts. Passkey logins never look at
 * these counts.
 *
 * Per ACCOUNT, for a PROOF inside a session (`beginTry`: the current password before a contact change, a
 * deletion, a password change): 5 wrong in 30 minutes lock those proofs for 30 minutes. Only someone holding a
 * session of the account can cause that, and there is no captcha to ask for, so a stolen session cannot guess.
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
  /** Login (soft lock): wrong passwords in `windowMs` before a fresh captcha and a growing wait. */
  login: {
    softAfter: 5,
    windowMs: 24 * 60 * 60_000,
    /** The first wait of a soft-locked account, doubling with each wrong password, up to `maxDelayMs`. */
    stepMs: 250,
  },
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

/** A member's proofs inside a session (hard lock, see above). */
export const accountKey = (mid: number) => `account:${mid}`;
/** A member's password logins (soft lock). */
export const loginKey = (mid: number) => `login:${mid}`;
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

/** The wait of a login on an account with `failures` recent wrong passwords (none before the soft lock). */
export function accountSlowdownMs(
  failures: number,
  maxDelayMs: number = lockoutPolicy.address.maxDelayMs,
): number {
  const { softAfter, stepMs } = lockoutPolicy.login;
  if (failures < softAfter) return 0;
  return Math.min(maxDelayMs, stepMs * 2 ** Math.min(16, failures - softAfter));
}

/** A password login on an account (or an unknown name), counted as wrong until it turns out otherwise. */
export interface LoginTry {
  /** Wrong passwords on the account in its window before this try. */
  failuresBefore: number;
  /** The account is soft-locked: this login takes only a freshly solved captcha. */
  softLocked: boolean;
  /** If this try's password is wrong, it is the one that soft-locks the account (tell the owner, once). */
  locks: boolean;
  /** Not a password failure after all (the captcha was refused): the count is given back. */
  release(): Promise<void>;
  /** The right password: the count starts again. */
  succeeded(): Promise<void>;
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

  /**
   * Counts a password login on the account (or unknown name) `key` as wrong until `release` or `succeeded`, then
   * waits as long as the account's soft lock calls for. Never refuses: the caller asks a soft-locked account for a
   * freshly solved captcha.
   */
  async beginLoginTry(key: string): Promise<LoginTry> {
    const slot = await this.repo.countEvent(key, lockoutPolicy.login.windowMs, this.now());
    const failuresBefore = slot.count - 1;
    const delay = accountSlowdownMs(failuresBefore, this.maxDelayMs);
    if (delay > 0) await this.sleep(delay);
    let settled = false;
    return {
      failuresBefore,
      softLocked: failuresBefore >= lockoutPolicy.login.softAfter,
      locks: slot.count === lockoutPolicy.login.softAfter,
      release: async () => {
        if (settled) return;
        settled = true;
        await this.repo.release(slot);
      },
      succeeded: async () => {
        settled = true;
        await this.repo.clear(key);
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
