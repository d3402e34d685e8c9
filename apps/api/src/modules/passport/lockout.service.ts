/**
 * Repeated wrong passwords lock login for 30 minutes (spec 9), counted per account and per client address
 * (DESIGN section 6), so neither guessing one account from many addresses nor many accounts from one address
 * gets far. A successful login clears the account's count.
 */
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { LockoutRepository } from './lockout.repository.ts';

export const lockoutPolicy = {
  windowMs: 30 * 60_000,
  lockMs: 30 * 60_000,
  perAccount: 5,
  perIp: 20,
} as const;

export const accountKey = (mid: number) => `account:${mid}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export class LockoutService {
  private readonly now: Clock;

  constructor(
    private readonly repo: LockoutRepository,
    options: { now: Clock },
  ) {
    this.now = options.now;
  }

  async isLocked(keys: readonly string[]): Promise<boolean> {
    const now = this.now();
    return (await this.repo.find(keys)).some((r) => r.lockedUntil && r.lockedUntil > now);
  }

  async recordFailure(keys: readonly string[]): Promise<void> {
    const now = this.now();
    const rows = new Map((await this.repo.find(keys)).map((r) => [r.key, r]));
    for (const key of keys) {
      const row = rows.get(key);
      const fresh = !row || now.getTime() - row.windowStartedAt.getTime() > lockoutPolicy.windowMs;
      const failures = fresh ? 1 : row.failures + 1;
      const limit = key.startsWith('ip:') ? lockoutPolicy.perIp : lockoutPolicy.perAccount;
      await this.repo.save({
        key,
        failures,
        windowStartedAt: fresh ? now : row.windowStartedAt,
        lockedUntil: failures >= limit ? new Date(now.getTime() + lockoutPolicy.lockMs) : null,
      });
    }
  }

  async recordSuccess(key: string): Promise<void> {
    await this.repo.clear(key);
  }
}

/** The lockout counters on `db`, for other modules' logins (staff): keys of their own, the same policy. */
export function createLockoutService(db: Db, options: { now: Clock }): LockoutService {
  return new LockoutService(new LockoutRepository(db), options);
}
