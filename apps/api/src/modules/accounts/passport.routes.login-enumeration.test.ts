/**
 * A login never tells which names have accounts: an unknown account and a wrong password get the same answer
 * in about the same time. With the production argon2 cost, so a login that skipped the password check for an
 * unknown name would answer measurably faster.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { systemClock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { AccountService } from './account.service.ts';
import { CaptchaService } from '../sessions/index.ts';
import { LockoutRepository } from '../sessions/index.ts';
import { LockoutService } from '../sessions/index.ts';
import { MemberRepository } from './member.repository.ts';
import { PasswordHasher } from '../sessions/index.ts';
import { RegistrationLimit } from './registration-limit.ts';
import { encryptPassword, RsaService } from './rsa.service.ts';
import { CaptchaRepository } from '../sessions/index.ts';
import { SecurityRepository } from './security.repository.ts';
import { SessionRepository } from './session.repository.ts';
import { VerificationCodeService } from './verification-code.service.ts';

let database: Database;
let accounts: AccountService;
let captcha: CaptchaService;
let rsa: RsaService;
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const now = systemClock;
  const security = new SecurityRepository(db);
  captcha = new CaptchaService(new CaptchaRepository(db), { testAnswer: 'pass', now });
  rsa = new RsaService(security, { now });
  // Dearer than production (19 MiB, t=2), so the password check outweighs the database's noise in the timing.
  const hasher = new PasswordHasher({ memoryCost: 19_456, timeCost: 16 });
  const members = new MemberRepository(db);
  accounts = new AccountService({
    members,
    sessions: new SessionRepository(db),
    rsa,
    captcha,
    codes: new VerificationCodeService(db, async () => 'pepper', { now }),
    hasher,
    lockout: new LockoutService(new LockoutRepository(db), { now, maxDelayMs: 0 }),
    registrations: new RegistrationLimit(new LockoutRepository(db), { perHour: 5, perDay: 20, now }),
    security: new AccountSecurityService({
      db,
      now,
      passportOrigin: 'https://p.test',
      portalOrigin: 'https://w.test',
    }),
    // Logins only: no contact change here needs a passkey's proof.
    passkeyProof: () => Promise.reject(new Error('not used by logins')),
    voidResetLinks: () => Promise.reject(new Error('not used by logins')),
    counters: new LockoutRepository(db),
    now,
  });
  for (const n of [0, 1, 2, 3])
    await members.create({
      userId: `known${n}@example.com`,
      email: `known${n}@example.com`,
      nickName: `known${n}`,
      loginType: 0,
      passwordHash: await hasher.hash('Secret123'),
      lang: 'en',
    });
}, 60_000);
afterAll(() => database.close());

/** One login through the service, as the routes call it: its refusal code and how long it took. */
async function timedLogin(user: string, ip: string): Promise<{ code: number; ms: number }> {
  const key = await rsa.publicKey();
  const pwd = encryptPassword(key.public_key, key.nonce, 'Wrong1234');
  const created = await captcha.create();
  const { ticket } = await captcha.verify(created.img_token, 'pass', 'login');
  const started = performance.now(); // wall time: what an observer of the answers measures
  const code = await accounts
    .login('web', { user, pwd, ticket, keep: false }, { ip, sessionId: undefined })
    .then(
      () => 0,
      (e: unknown) => (e instanceof AppError ? e.code : -1),
    );
  return { code, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('login answers', () => {
  it('are the same for an unknown account and a wrong password, within a small band of time', async () => {
    await timedLogin('warm-up@example.com', '203.0.113.200'); // the first unknown name makes the dummy hash
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved (so load on the machine hits both alike), each from an address of its own, fewer than 5 per
    // name: nothing is slowed down or locked.
    for (let i = 0; i < 15; i++) {
      const a = await timedLogin(`nobody${i}@example.com`, `203.0.113.${i}`);
      const b = await timedLogin(`known${i % 4}@example.com`, `203.0.113.${100 + i}`);
      expect(a.code).toBe(500002);
      expect(b.code).toBe(500002);
      unknown.push(a.ms);
      wrong.push(b.ms);
    }
    const [u, w] = [median(unknown), median(wrong)];
    expect(Math.abs(u - w) / Math.max(u, w)).toBeLessThan(0.3);
  }, 60_000);
});
