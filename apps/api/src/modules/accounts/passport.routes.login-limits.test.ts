/**
 * Login limits through the API: lockouts that strangers cannot cause (per account, never per address) and
 * attempt counters that parallel guesses cannot get around. Run on PGlite and on PostgreSQL
 * (scripts/with-postgres.sh), where simultaneous requests really do run at the same time.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authLockout, captchaChallenge } from '../../db/schema/passport.schema.ts';
import { createTestApp } from '../../../test/test-app.ts';
import {
  captchaAnswer,
  captchaTicket,
  latestCode,
  postForm,
  sealPasswords,
} from '../../../test/passport-steps.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { accountKey, lockoutPolicy } from '../sessions/index.ts';

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The slowdown capped low: these tests make many failed logins from one address.
  t = await createTestApp(
    {
      CAPTCHA_TEST_ANSWER: captchaAnswer,
      LOGIN_SLOWDOWN_MAX_MS: '20',
      REGISTRATIONS_PER_HOUR: '100',
      REGISTRATIONS_PER_DAY: '100',
    },
    { now: clock.now },
  );
});
afterAll(() => t.close());

const post = (url: string, form: Record<string, string>, ip?: string) => postForm(t.app, url, form, ip);

/** A login's form, ready to send: a solved captcha and a sealed password. */
async function loginForm(user: string, password: string) {
  const [pwd] = await sealPasswords(t.app, password);
  return { user, pwd: pwd!, captcha: await captchaTicket(t.app) };
}
const login = async (user: string, password: string, ip: string) =>
  post('/passport/web/game/login', await loginForm(user, password), ip);

async function register(email: string, password: string) {
  const sent = await post('/passport/web/captcha/generic/send', {
    user: email,
    type: 'register',
    captcha: await captchaTicket(t.app, undefined, 'register'),
  });
  expect(sent.code).toBe(0);
  const [pwd, rePwd] = await sealPasswords(t.app, password, password);
  const made = await post('/passport/web/reg/email', {
    user: email,
    pwd: pwd!,
    rePwd: rePwd!,
    captcha: await latestCode(t.db, email),
  });
  expect(made.code).toBe(0);
  return Number(made.data!.mid);
}

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((all, code) => ({ ...all, [code]: (all[code] ?? 0) + 1 }), {});

describe('lockouts that strangers cannot cause', () => {
  it('25 failed logins on other accounts from one address, then a right password from it gets in', async () => {
    await register('carrier-user@example.com', 'Secret123');
    await register('neighbour@example.com', 'Secret123');
    const ip = '10.19.5.1';
    for (let i = 0; i < 25; i++) {
      const user = i % 5 === 0 ? 'neighbour@example.com' : `stranger${i}@example.com`;
      const failed = await login(user, 'Wrong1234', ip);
      // Wrong passwords lock only the account they were typed for (the neighbour's, at its fifth).
      expect(failed.code).toBe(i === 20 ? -647 : -645);
    }
    expect((await login('carrier-user@example.com', 'Secret123', ip)).code).toBe(0);
    expect((await login('neighbour@example.com', 'Secret123', '10.19.5.2')).code).toBe(-647);
  });

  it('an address with many failures needs a freshly solved captcha; a stockpiled ticket is refused', async () => {
    const ip = '10.19.6.1';
    await register('fresh-ticket@example.com', 'Secret123');
    const stockpiled = await loginForm('fresh-ticket@example.com', 'Secret123');
    // A clean address takes a ticket solved a while ago.
    clock.advance(lockoutPolicy.address.freshTicketMs + 1_000);
    expect((await post('/passport/web/game/login', stockpiled, '10.19.6.2')).code).toBe(0);

    const old = await loginForm('fresh-ticket@example.com', 'Secret123');
    for (let i = 0; i < lockoutPolicy.address.tightenAfter; i++)
      expect((await login(`nobody${i}@example.com`, 'Secret123', ip)).code).toBe(-645);
    clock.advance(lockoutPolicy.address.freshTicketMs + 1_000);
    expect((await post('/passport/web/game/login', old, ip)).code).toBe(-105);
    expect((await login('fresh-ticket@example.com', 'Secret123', ip)).code).toBe(0);
  });

  it('5 wrong passwords lock the account from any address for 30 minutes; a reset is not needed after', async () => {
    await register('target@example.com', 'Secret123');
    const codes = [];
    for (let i = 0; i < lockoutPolicy.perAccount; i++)
      codes.push((await login('target@example.com', `Wrong${i}000`, `10.19.7.${i}`)).code);
    expect(codes).toEqual([-645, -645, -645, -645, -647]);
    const locked = await login('target@example.com', 'Secret123', '10.19.7.99');
    expect(locked.code).toBe(-647);
    // The message says why without blaming whoever is logging in now.
    expect(locked.message).toBe(
      'For your security, this account is locked for 30 minutes after several incorrect passwords. Please try again later, or reset your password to log in now.',
    );
    clock.advance(lockoutPolicy.lockMs - 1_000);
    expect((await login('target@example.com', 'Secret123', '10.19.7.99')).code).toBe(-647);
    clock.advance(1_000);
    expect((await login('target@example.com', 'Secret123', '10.19.7.99')).code).toBe(0);
  });
});

describe('race-free limits: 50 guesses at once', () => {
  it('at one account: exactly 5 passwords are checked, the rest are refused as locked', async () => {
    const mid = await register('parallel@example.com', 'Secret123');
    const forms = [];
    for (let i = 0; i < 50; i++) forms.push(await loginForm('parallel@example.com', `Guess${i}000`));
    const answers = await Promise.all(
      forms.map((form, i) => post('/passport/web/game/login', form, `10.19.8.${i}`)),
    );
    // Four wrong answers, the fifth wrong one locks (-647 too), and 45 never had their password checked.
    expect(tally(answers.map((a) => a.code))).toEqual({ [-645]: 4, [-647]: 46 });
    const [row] = await t.db
      .select()
      .from(authLockout)
      .where(eq(authLockout.key, accountKey(mid)));
    expect(row?.failures).toBe(lockoutPolicy.perAccount);
    expect((await login('parallel@example.com', 'Secret123', '10.19.8.200')).code).toBe(-647);
  });

  it('at one graphic captcha: exactly 3 wrong answers are counted, then even the right one is refused', async () => {
    const created = await post('/passport/web/captcha/img/captcha', {});
    const token = String(created.data!.img_token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/passport/web/captcha/verify/captcha', { img_token: token, captcha: `no${i}` }),
      ),
    );
    expect(tally(answers.map((a) => a.code))).toEqual({ [-105]: 50 });
    const [row] = await t.db
      .select()
      .from(captchaChallenge)
      .where(eq(captchaChallenge.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row?.attempts).toBe(3);
    const right = await post('/passport/web/captcha/verify/captcha', {
      img_token: token,
      captcha: captchaAnswer,
    });
    expect(right.code).toBe(-105);
  });

  it('at one graphic captcha with the right answer: exactly one ticket', async () => {
    const created = await post('/passport/web/captcha/img/captcha', {});
    const token = String(created.data!.img_token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/passport/web/captcha/verify/captcha', { img_token: token, captcha: captchaAnswer }),
      ),
    );
    expect(tally(answers.map((a) => a.code))).toEqual({ 0: 1, [-105]: 49 });
  });

  it('at one SMS code: exactly 5 wrong tries are counted, the rest answer that the code is spent', async () => {
    const sent = await post('/passport/web/sms/generic/send', {
      cid: '66',
      tel: '812340019',
      type: 'register',
      captcha: await captchaTicket(t.app, undefined, 'register'),
    });
    expect(sent.code).toBe(0);
    const code = await latestCode(t.db, '66812340019');
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/passport/web/sms/generic/check', {
          cid: '66',
          tel: '812340019',
          code: wrong,
          type: 'register',
        }),
      ),
    );
    expect(tally(answers.map((a) => a.code))).toEqual({ [-704]: 5, [-703]: 45 });
    const right = await post('/passport/web/sms/generic/check', {
      cid: '66',
      tel: '812340019',
      code,
      type: 'register',
    });
    expect(right.code).toBe(-703);
  });
});
