/**
 * Login limits through the API: no lockout that strangers can cause (a soft lock per account: a fresh captcha
 * and a growing wait, the owner told once; the address only slowed, IPv6 by its /64) and attempt counters that
 * parallel guesses cannot get around. Run on PGlite and on PostgreSQL
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
import { outbox } from '../messaging/index.ts';
import { freshCaptchaMs } from '../rate-limit/index.ts';
import { lockoutPolicy, loginKey } from '../sessions/index.ts';

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
      // Nothing is ever locked: not the address, not the neighbour's account at its fifth wrong password.
      expect(failed.code).toBe(-645);
    }
    expect((await login('carrier-user@example.com', 'Secret123', ip)).code).toBe(0);
    expect((await login('neighbour@example.com', 'Secret123', '10.19.5.2')).code).toBe(0);
  });

  it('counts an IPv6 /64 as one address: its failures ask all of it for a fresh captcha, not the next /64', async () => {
    await register('v6-login@example.com', 'Secret123');
    const stockpiled = [await loginForm('v6-login@example.com', 'Secret123')];
    stockpiled.push(await loginForm('v6-login@example.com', 'Secret123'));
    for (let i = 0; i < lockoutPolicy.address.tightenAfter; i++)
      expect((await login(`nobody-v6-${i}@example.com`, 'Secret123', `2001:db8:19:1::${i + 1}`)).code).toBe(
        -645,
      );
    clock.advance(freshCaptchaMs + 1_000);
    expect((await post('/passport/web/game/login', stockpiled[0]!, '2001:db8:19:1:ffff::1')).code).toBe(-105);
    expect((await post('/passport/web/game/login', stockpiled[1]!, '2001:db8:19:2::1')).code).toBe(0);
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

  it('5 wrong passwords soft-lock the account: a fresh captcha, never a lockout; the owner is told once', async () => {
    await register('target@example.com', 'Secret123');
    const notices = async () =>
      (await outbox.latest(t.db, { recipient: 'target@example.com', limit: 20 })).filter((m) =>
        m.subject.includes('incorrect passwords'),
      ).length;
    const codes = [];
    for (let i = 0; i < lockoutPolicy.login.softAfter + 2; i++)
      codes.push((await login('target@example.com', `Wrong${i}000`, `10.19.7.${i}`)).code);
    // Wrong passwords answer as wrong, the fifth and after too: nothing says "locked".
    expect(codes).toEqual(Array.from({ length: lockoutPolicy.login.softAfter + 2 }, () => -645));
    expect(await notices()).toBe(1);
    const [notice] = await outbox.latest(t.db, { recipient: 'target@example.com', limit: 1 });
    expect(notice?.body).toContain('Your account is not locked');

    // The right password with a ticket solved a while ago: the captcha is asked for again (-105), not a lock.
    const stockpiled = await loginForm('target@example.com', 'Secret123');
    clock.advance(freshCaptchaMs + 1_000);
    const asked = await post('/passport/web/game/login', stockpiled, '10.19.7.99');
    expect(asked.code).toBe(-105);
    expect(asked.message).toBe('Incorrect verification code. Please try again.');
    // With the captcha solved now, the owner is in, from any address, long before 30 minutes.
    expect((await login('target@example.com', 'Secret123', '10.19.7.99')).code).toBe(0);
    expect(await notices()).toBe(1);
    // The right password ended the episode: a ticket solved a while ago is enough again.
    const later = await loginForm('target@example.com', 'Secret123');
    clock.advance(freshCaptchaMs + 1_000);
    expect((await post('/passport/web/game/login', later, '10.19.7.98')).code).toBe(0);
  });
});

describe('race-free limits: 50 guesses at once', () => {
  it('at one account: exactly 5 passwords are checked with stockpiled tickets, the rest are asked for a fresh captcha', async () => {
    const mid = await register('parallel@example.com', 'Secret123');
    const forms = [];
    for (let i = 0; i < 50; i++) forms.push(await loginForm('parallel@example.com', `Guess${i}000`));
    clock.advance(freshCaptchaMs + 1_000);
    const answers = await Promise.all(
      forms.map((form, i) => post('/passport/web/game/login', form, `10.19.8.${i}`)),
    );
    expect(tally(answers.map((a) => a.code))).toEqual({ [-645]: 5, [-105]: 45 });
    // The 45 tried no password: their counts were given back.
    const [row] = await t.db
      .select()
      .from(authLockout)
      .where(eq(authLockout.key, loginKey(mid)));
    expect(row?.failures).toBe(lockoutPolicy.login.softAfter);
    expect((await login('parallel@example.com', 'Secret123', '10.19.8.200')).code).toBe(0);
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
