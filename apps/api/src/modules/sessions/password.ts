/**
 * Password hashing with argon2id (DESIGN section 6: OWASP m=19 MiB, t=2, p=1; cheaper only in tests). Hashing
 * is deliberately slow and memory-hungry, so at most a few run at once: a login flood queues instead of taking
 * the machine's memory.
 */
import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

export const productionCost: HashCost = { memoryCost: 19_456, timeCost: 2 };
export const testCost: HashCost = { memoryCost: 1_024, timeCost: 1 };

/** Runs at most `limit` pieces of work at once; the rest wait their turn in order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

export class PasswordHasher {
  private readonly limiter: Limiter;

  constructor(
    private readonly cost: HashCost,
    limit = Math.max(1, availableParallelism()),
  ) {
    this.limiter = new Limiter(limit);
  }

  hash(password: string): Promise<string> {
    return this.limiter.run(() =>
      hash(password, { ...this.cost, parallelism: 1, algorithm: 2 /* argon2id */ }),
    );
  }

  /** False for a wrong password and for a malformed stored hash alike. */
  verify(stored: string, password: string): Promise<boolean> {
    return this.limiter.run(() => verify(stored, password).catch(() => false));
  }

  private dummy: Promise<string> | undefined;

  /**
   * `verify`, and for a login name with no account (no stored hash) the same work against a hash of this
   * hasher's cost that no password matches, answering false: an unknown name takes as long as a wrong password.
   */
  async verifyOrDummy(stored: string | null | undefined, password: string): Promise<boolean> {
    if (stored) return this.verify(stored, password);
    this.dummy ??= this.hash('no account has this password 0');
    await this.verify(await this.dummy, password);
    return false;
  }
}
