/**
 * SMS cost guards and captcha tickets bound to their action, through the public calls: caps per number, per
 * client address and per country prefix a day and the global daily budget, each hit exactly at its limit
 * however many sends arrive at once; purposes that need a session refused on the public sends; what staff see
 * of it.
 */
import { fullPath } from '@gp/contracts';
import type { CaptchaAction } from '@gp/contracts/passport';
import { smsAdminStatus } from '@gp/contracts/sms-admin';
import thErrors from '@gp/i18n/locales/th/errors.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { backdateCodes, captchaTicket, postForm, sealPasswords } from '../../../test/passport-steps.ts';
import { loginTestStaff } from '../../../test/staff-session.ts';
import { outbox } from '../messaging/index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** `n` distinct Thai mobile numbers (national part, without the trunk 0). */
const numbers = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => String(810_000_000 + from + i));

/** Sends all at once: each with its own solved ticket, from `ipOf(i)`; answers the tally of codes. */
async function sendAtOnce(
  t: TestApp,
  sends: { cid: string; tel: string; ip: string }[],
): Promise<Record<string, number>> {
  const tickets: string[] = [];
  for (const s of sends) tickets.push(await captchaTicket(t.app, s.ip, 'register'));
  const answers = await Promise.all(
    sends.map((s, i) =>
      postForm(
        t.app,
        '/passport/web/sms/generic/send',
        { cid: s.cid, tel: s.tel, type: 'register', captcha: tickets[i]! },
        s.ip,
      ),
    ),
  );
  const tally: Record<string, number> = {};
  for (const a of answers)
    tally[a.code === 0 ? 'ok' : a.code] = (tally[a.code === 0 ? 'ok' : a.code] ?? 0) + 1;
  return tally;
}

const smsCount = async (t: TestApp) =>
  (await outbox.latest(t.db, { limit: 1000 })).filter((m) => m.channel === 'sms').length;

describe('daily caps, at their limit under 50 simultaneous sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CAPTCHA_TEST_ANSWER: 'pass',
      CODES_PER_IP_PER_HOUR: '1000',
      SMS_PER_NUMBER_PER_DAY: '3',
      // A soft line of 1: its ceiling (rate-limit/address-limits.ts) is 10.
      SMS_PER_ADDRESS_PER_DAY: '1',
      SMS_PER_PREFIX_PER_DAY: '12',
      SMS_DAILY_BUDGET: '1000',
    });
  });
  afterAll(() => t.close());

  it('per client address: 50 sends from one address to 50 numbers, exactly the ceiling (10) go out', async () => {
    const before = await smsCount(t);
    const tally = await sendAtOnce(
      t,
      numbers(50, 0).map((tel) => ({ cid: '84', tel, ip: '198.51.100.7' })),
    );
    expect(tally).toEqual({ ok: 10, '-701': 40 });
    expect((await smsCount(t)) - before).toBe(10);
  });

  it('per country prefix: 50 sends to Thai numbers from 50 addresses, exactly 12 go out; other countries still get theirs', async () => {
    const tally = await sendAtOnce(
      t,
      numbers(50, 100).map((tel, i) => ({ cid: '66', tel, ip: `198.51.100.${100 + i}` })),
    );
    expect(tally).toEqual({ ok: 12, '-707': 38 });
    const other = await sendAtOnce(t, [{ cid: '62', tel: '81234500001', ip: '198.51.100.200' }]);
    expect(other).toEqual({ ok: 1 });
  });

  it('per number: 3 a day, then the daily SMS limit', async () => {
    const tel = '91234500009';
    const codesOf = [];
    for (let i = 0; i < 4; i++) {
      codesOf.push((await sendAtOnce(t, [{ cid: '63', tel, ip: `203.0.113.${i + 1}` }])) as object);
      await backdateCodes(t.db, `63${tel}`);
    }
    expect(codesOf).toEqual([{ ok: 1 }, { ok: 1 }, { ok: 1 }, { '-701': 1 }]);
  });
});

describe('the global daily budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CAPTCHA_TEST_ANSWER: 'pass',
      SMS_DAILY_BUDGET: '9',
    });
  });
  afterAll(() => t.close());

  it('stops every SMS once spent, exactly at the budget, and staff see it', async () => {
    const prefixes = ['66', '84', '62', '60', '63'];
    const tally = await sendAtOnce(
      t,
      numbers(50, 500).map((tel, i) => ({ cid: prefixes[i % 5]!, tel, ip: `192.0.2.${i + 1}` })),
    );
    expect(tally).toEqual({ ok: 9, '-706': 41 });
    expect(await smsCount(t)).toBe(9);
    // The player is told in their language.
    const refused = await postForm(
      t.app,
      '/passport/web/sms/generic/send?lang=th',
      {
        cid: '66',
        tel: '899999999',
        type: 'reset',
        captcha: await captchaTicket(t.app, '192.0.2.99', 'reset'),
      },
      '192.0.2.99',
    );
    expect(refused).toMatchObject({ code: -706, message: thErrors.passport.guards.smsPaused });

    // E-mail codes are not SMS: they still go out.
    expect(
      (
        await postForm(t.app, '/passport/web/captcha/generic/send', {
          user: 'budget@example.com',
          type: 'register',
          captcha: await captchaTicket(t.app, '127.0.0.1', 'register'),
        })
      ).code,
    ).toBe(0);

    const admin = await loginTestStaff(t.db, { privileges: ['staff.accounts'] });
    const agent = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
    const status = async (who: { ct: string; cookies: Record<string, string> }) =>
      (
        await t.app.inject({ url: `${fullPath(smsAdminStatus)}?ct=${who.ct}`, cookies: who.cookies })
      ).json() as { code: number; data: Record<string, unknown> };
    expect((await status(agent)).code).toBe(-401);
    const seen = await status(admin);
    expect(seen).toMatchObject({
      code: 0,
      data: {
        day: new Date().toISOString().slice(0, 10),
        sent: 9,
        budget: 9,
        exhausted: true,
        caps: { per_number: 10, per_address: 100, per_prefix: 2000 },
      },
    });
    const prefixes_ = seen.data.prefixes as { calling_code: string; sent: number }[];
    expect(prefixes_.reduce((sum, p) => sum + p.sent, 0)).toBe(9);
    expect(prefixes_.map((p) => p.sent)).toEqual([...prefixes_.map((p) => p.sent)].sort((a, b) => b - a));
  });
});

describe('public sends and captcha tickets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
  });
  afterAll(() => t.close());

  const send = async (url: string, form: Record<string, string>, action: CaptchaAction) =>
    postForm(t.app, url, { ...form, captcha: await captchaTicket(t.app, undefined, action) });

  it('refuses a purpose that needs a session (-101), and sends nothing for it', async () => {
    const before = (await outbox.latest(t.db, { limit: 100 })).length;
    expect(
      (
        await send(
          '/passport/web/sms/generic/send',
          { cid: '66', tel: '811111111', type: 'bind' },
          'register',
        )
      ).code,
    ).toBe(-101);
    expect(
      (await send('/passport/web/captcha/generic/send', { user: 'a@example.com', type: 'bind' }, 'register'))
        .code,
    ).toBe(-101);
    expect((await outbox.latest(t.db, { limit: 100 })).length).toBe(before);
  });

  it('takes a ticket only for the action it was solved for', async () => {
    const solve = (action?: CaptchaAction) => captchaTicket(t.app, undefined, action);
    const forRegister = await solve('register');
    // Refused for a reset code and for a login ...
    expect(
      (
        await postForm(t.app, '/passport/web/sms/generic/send', {
          cid: '66',
          tel: '822222222',
          type: 'reset',
          captcha: forRegister,
        })
      ).code,
    ).toBe(-105);
    const [pwd] = await sealPasswords(t.app, 'Secret123');
    expect(
      (
        await postForm(t.app, '/passport/web/game/login', {
          user: 'x@example.com',
          pwd: pwd!,
          captcha: forRegister,
        })
      ).code,
    ).toBe(-105);
    // ... and still good for what it was solved for, once.
    const form = { user: 'ticket@example.com', type: 'register', captcha: forRegister };
    expect((await postForm(t.app, '/passport/web/captcha/generic/send', form)).code).toBe(0);
    expect((await postForm(t.app, '/passport/web/captcha/generic/send', form)).code).toBe(-105);
    // A ticket solved without an action (spec 7's call) is a login's: no code send takes it.
    expect(
      (
        await postForm(t.app, '/passport/web/captcha/generic/send', {
          user: 'reset@example.com',
          type: 'reset',
          captcha: await solve(),
        })
      ).code,
    ).toBe(-105);
    // A reset ticket is refused for a sign-up code.
    expect(
      (
        await postForm(t.app, '/passport/web/sms/generic/send', {
          cid: '66',
          tel: '833333333',
          type: 'register',
          captcha: await solve('reset'),
        })
      ).code,
    ).toBe(-105);
  });
});
