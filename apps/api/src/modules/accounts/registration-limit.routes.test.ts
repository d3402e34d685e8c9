/**
 * The registration flood limit through the API (spec 8, -800), carrier-safe: past five accounts
 * an hour from one address (IPv6: one /64), a sign-up needs a freshly solved captcha instead of being refused;
 * only the ceiling (ten times the soft line) refuses, before any account exists, while another address still
 * signs up.
 */
import type { CaptchaAction } from '@gp/contracts/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '@gp/i18n/server';
import { createTestApp } from '../../../test/test-app.ts';
import {
  backdateCodes,
  captchaTicket,
  latestCode,
  postForm,
  sealPasswords,
} from '../../../test/passport-steps.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { outbox } from '../messaging/index.ts';
import { freshCaptchaMs } from '../rate-limit/index.ts';
import { MemberRepository } from './member.repository.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** The sign-up steps of the passport pages against one app, with a ticket solved now or a stockpiled one. */
function steps(t: App, clock: TestClock) {
  const post = (url: string, form: Record<string, string>, ip: string) => postForm(t.app, url, form, ip);
  const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
  const ticket = async (ip: string, action: CaptchaAction, stale: boolean) => {
    const solved = await captchaTicket(t.app, ip, action);
    // Solved a while ago and kept: what a script stockpiles; a person's page solves it as they send.
    if (stale) clock.advance(freshCaptchaMs + 1_000);
    return solved;
  };
  const registerByEmail = async (
    email: string,
    ip: string,
    options: { lang?: string; stale?: boolean } = {},
  ) => {
    const lang = options.lang ?? 'en';
    const sent = await post(
      `/passport/web/captcha/generic/send?lang=${lang}`,
      { user: email, type: 'register', captcha: await ticket(ip, 'register', options.stale ?? false) },
      ip,
    );
    // An address at its ceiling, or a stockpiled ticket past the soft line, gets no sign-up code at all.
    if (sent.code !== 0) return sent;
    const [pwd, rePwd] = await seal('Secret123', 'Secret123');
    const form = { user: email, pwd: pwd!, rePwd: rePwd!, captcha: await latestCode(t.db, email) };
    return post(`/passport/web/reg/email?lang=${lang}`, form, ip);
  };
  const registerByPhone = async (
    tel: string,
    nickName: string,
    ip: string,
    options: { lang?: string; stale?: boolean } = {},
  ) => {
    const lang = options.lang ?? 'en';
    const sent = await post(
      `/passport/web/sms/generic/send?lang=${lang}`,
      { cid: '66', tel, type: 'register', captcha: await ticket(ip, 'register', options.stale ?? false) },
      ip,
    );
    if (sent.code !== 0) return sent;
    const [pwd, repeatPwd] = await seal('Secret123', 'Secret123');
    const code = await latestCode(t.db, `66${tel}`);
    const form = { cid: '66', tel, code, nickName, pwd: pwd!, repeatPwd: repeatPwd! };
    return post(`/passport/web/reg/by/tel?lang=${lang}`, form, ip);
  };
  return { post, seal, ticket, registerByEmail, registerByPhone };
}

describe('past the soft line (5 an hour): a fresh captcha, not a refusal', () => {
  const clock = new TestClock();
  let t: App;
  let s: ReturnType<typeof steps>;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' }, { now: clock.now });
    s = steps(t, clock);
  });
  afterAll(() => t.close());

  it('lets a sixth e-mail sign-up from one address through with a freshly solved captcha', async () => {
    const ip = '203.0.113.10';
    for (let i = 1; i <= 5; i++)
      expect((await s.registerByEmail(`flood${i}@example.com`, ip, { stale: true })).code).toBe(0);
    // A stockpiled ticket is no longer enough: the page is asked for a new picture (-105), nothing is sent.
    const stale = await s.registerByEmail('flood6@example.com', ip, { stale: true, lang: 'th' });
    expect(stale).toMatchObject({ code: -105, data: null });
    expect(stale.message).toBe(serverMessage('th', 'passport', -105));
    expect(await outbox.latest(t.db, { recipient: 'flood6@example.com', limit: 1 })).toEqual([]);
    // Solved now, as the sign-up page does: the player behind the shared address signs up.
    expect((await s.registerByEmail('flood6@example.com', ip)).code).toBe(0);
    expect(await new MemberRepository(t.db).byEmail('flood6@example.com')).toBeDefined();
    // Another address is not past its line: a stockpiled ticket still works there.
    expect((await s.registerByEmail('elsewhere@example.com', '198.51.100.20', { stale: true })).code).toBe(0);
  });

  it('counts two IPv6 addresses of one /64 as one address, another /64 apart', async () => {
    for (let i = 1; i <= 5; i++)
      expect(
        (await s.registerByEmail(`v6-${i}@example.com`, `2001:db8:10:1::${i}`, { stale: true })).code,
      ).toBe(0);
    expect((await s.registerByEmail('v6-6@example.com', '2001:db8:10:1:ffff::6', { stale: true })).code).toBe(
      -105,
    );
    expect((await s.registerByEmail('v6-7@example.com', '2001:db8:10:2::7', { stale: true })).code).toBe(0);
  });

  it('counts e-mail and phone sign-ups from one address together', async () => {
    const ip = '203.0.113.50';
    for (let i = 1; i <= 3; i++)
      expect((await s.registerByEmail(`mixed${i}@example.com`, ip, { stale: true })).code).toBe(0);
    for (let i = 1; i <= 2; i++)
      expect((await s.registerByPhone(`81300000${i}`, `Blend${i}`, ip, { stale: true })).code).toBe(0);
    expect((await s.registerByEmail('mixed4@example.com', ip, { stale: true })).code).toBe(-105);
    expect((await s.registerByPhone('813000004', 'Blend4', ip, { stale: true })).code).toBe(-105);
    expect((await s.registerByPhone('813000004', 'Blend4', ip)).code).toBe(0);
  });

  it('does not count refused attempts', async () => {
    const ip = '203.0.113.70';
    // Five wrong codes from one address, then four real sign-ups: none of the failures moved it to its line.
    for (let i = 1; i <= 5; i++) {
      const [pwd, rePwd] = await s.seal('Secret123', 'Secret123');
      const form = { user: `typo${i}@example.com`, pwd: pwd!, rePwd: rePwd!, captcha: '000000' };
      expect((await s.post('/passport/web/reg/email', form, ip)).code).not.toBe(0);
    }
    for (let i = 1; i <= 5; i++)
      expect((await s.registerByEmail(`typo${i}@example.com`, ip, { stale: true })).code).toBe(0);
  });
});

describe('the ceiling (ten times the soft line) still refuses', () => {
  const clock = new TestClock();
  let t: App;
  let s: ReturnType<typeof steps>;
  beforeAll(async () => {
    // A soft line of 1 an hour: its ceiling is 10.
    t = await createTestApp(
      { CAPTCHA_TEST_ANSWER: 'pass', REGISTRATIONS_PER_HOUR: '1', REGISTRATIONS_PER_DAY: '100' },
      { now: clock.now },
    );
    s = steps(t, clock);
  });
  afterAll(() => t.close());

  it('refuses the eleventh sign-up of an hour with -800 before any account or code, not another address', async () => {
    const ip = '203.0.113.110';
    for (let i = 1; i <= 10; i++) expect((await s.registerByEmail(`cap${i}@example.com`, ip)).code).toBe(0);
    const refused = await s.registerByEmail('cap11@example.com', ip, { lang: 'vi' });
    expect(refused).toMatchObject({ code: -800, data: null });
    expect(refused.message).toBe(serverMessage('vi', 'passport', -800));
    expect(await new MemberRepository(t.db).byEmail('cap11@example.com')).toBeUndefined();
    expect(await outbox.latest(t.db, { recipient: 'cap11@example.com', limit: 1 })).toEqual([]);
    expect((await s.registerByPhone('812000011', 'Tide11', ip)).code).toBe(-800);
    expect((await s.registerByEmail('cap11@example.com', '198.51.100.120')).code).toBe(0);

    // A reset code still goes out to that address (a minute later: the once-a-minute rule is not tested here).
    await backdateCodes(t.db, 'cap1@example.com');
    const reset = await s.post(
      '/passport/web/captcha/generic/send',
      { user: 'cap1@example.com', type: 'reset', captcha: await s.ticket(ip, 'reset', false) },
      ip,
    );
    expect(reset.code).toBe(0);
  });
});
