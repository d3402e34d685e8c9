/**
 * The registration flood limit through the API (spec 8, -800): five accounts an hour from one address, by e-mail
 * or by phone; the sixth is refused before any account exists, while another address still signs up.
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
import { outbox } from '../messaging/index.ts';
import { MemberRepository } from './member.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());
// Whether an account exists: the login no longer tells, the table does.
const members = {
  byEmail: (e: string) => new MemberRepository(t.db).byEmail(e),
  byPhone: (p: string) => new MemberRepository(t.db).byPhone(p),
};

const post = (url: string, form: Record<string, string>, ip: string) => postForm(t.app, url, form, ip);
const ticket = (ip: string, action?: CaptchaAction) => captchaTicket(t.app, ip, action);
const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
const codeTo = (recipient: string) => latestCode(t.db, recipient);
const login = async (user: string, ip: string) => {
  const [pwd] = await seal('Secret123');
  return post('/passport/web/game/login', { user, pwd: pwd!, captcha: await ticket(ip) }, ip);
};

async function registerByEmail(email: string, ip: string, lang = 'en') {
  const sent = await post(
    `/passport/web/captcha/generic/send?lang=${lang}`,
    { user: email, type: 'register', captcha: await ticket(ip, 'register') },
    ip,
  );
  // An address at its limit gets no sign-up code at all.
  if (sent.code !== 0) return sent;
  const [pwd, rePwd] = await seal('Secret123', 'Secret123');
  const form = { user: email, pwd: pwd!, rePwd: rePwd!, captcha: await codeTo(email) };
  return post(`/passport/web/reg/email?lang=${lang}`, form, ip);
}

async function registerByPhone(tel: string, nickName: string, ip: string, lang = 'en') {
  const sent = await post(
    `/passport/web/sms/generic/send?lang=${lang}`,
    { cid: '66', tel, type: 'register', captcha: await ticket(ip, 'register') },
    ip,
  );
  if (sent.code !== 0) return sent;
  const [pwd, repeatPwd] = await seal('Secret123', 'Secret123');
  const form = { cid: '66', tel, code: await codeTo(`66${tel}`), nickName, pwd: pwd!, repeatPwd: repeatPwd! };
  return post(`/passport/web/reg/by/tel?lang=${lang}`, form, ip);
}

describe('registration flood limit', () => {
  it('allows five e-mail sign-ups an hour from one address, refuses the sixth with -800, not another address', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await registerByEmail(`flood${i}@example.com`, '203.0.113.10')).code).toBe(0);
    }
    const refused = await registerByEmail('flood6@example.com', '203.0.113.10', 'th');
    expect(refused).toMatchObject({ code: -800, data: null });
    expect(refused.message).toBe(serverMessage('th', 'passport', -800));
    // No account was made, no code was sent; from another address the same e-mail signs up.
    expect(await members.byEmail('flood6@example.com')).toBeUndefined();
    expect(await outbox.latest(t.db, { recipient: 'flood6@example.com', limit: 1 })).toEqual([]);
    expect((await registerByEmail('flood6@example.com', '198.51.100.20')).code).toBe(0);
    expect((await login('flood6@example.com', '198.51.100.20')).code).toBe(0);
  });

  it('counts phone sign-ups the same way', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await registerByPhone(`81200000${i}`, `Tide${i}`, '203.0.113.30')).code).toBe(0);
    }
    const refused = await registerByPhone('812000006', 'Tide6', '203.0.113.30', 'vi');
    expect(refused).toMatchObject({ code: -800, data: null });
    expect(refused.message).toBe(serverMessage('vi', 'passport', -800));
    expect(await members.byPhone('66812000006')).toBeUndefined();
    expect((await registerByPhone('812000007', 'Tide7', '198.51.100.40')).code).toBe(0);
  });

  it('counts e-mail and phone sign-ups from one address together', async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await registerByEmail(`mixed${i}@example.com`, '203.0.113.50')).code).toBe(0);
    }
    for (let i = 1; i <= 2; i++) {
      expect((await registerByPhone(`81300000${i}`, `Blend${i}`, '203.0.113.50')).code).toBe(0);
    }
    expect((await registerByEmail('mixed4@example.com', '203.0.113.50')).code).toBe(-800);
    expect((await registerByPhone('813000004', 'Blend4', '203.0.113.50')).code).toBe(-800);
  });

  it('does not count refused attempts', async () => {
    // Five wrong codes from one address, then five real sign-ups: none of the failures used the allowance.
    for (let i = 1; i <= 5; i++) {
      const [pwd, rePwd] = await seal('Secret123', 'Secret123');
      const form = { user: `typo${i}@example.com`, pwd: pwd!, rePwd: rePwd!, captcha: '000000' };
      expect((await post('/passport/web/reg/email', form, '203.0.113.70')).code).not.toBe(0);
    }
    for (let i = 1; i <= 5; i++) {
      expect((await registerByEmail(`typo${i}@example.com`, '203.0.113.70')).code).toBe(0);
    }
  });
});

describe('registration flood limit, on the code step', () => {
  it('refuses a code for one more sign-up while still sending reset codes to that address', async () => {
    const ip = '203.0.113.90';
    for (let i = 1; i <= 5; i++) expect((await registerByEmail(`codes${i}@example.com`, ip)).code).toBe(0);
    const signUp = await post(
      '/passport/web/captcha/generic/send',
      { user: 'codes6@example.com', type: 'register', captcha: await ticket(ip, 'register') },
      ip,
    );
    expect(signUp.code).toBe(-800);
    // A minute later (the once-a-minute rule is not what this is about), a reset code still goes out.
    await backdateCodes(t.db, 'codes1@example.com');
    const reset = await post(
      '/passport/web/captcha/generic/send',
      { user: 'codes1@example.com', type: 'reset', captcha: await ticket(ip, 'reset') },
      ip,
    );
    expect(reset.code).toBe(0);
  });
});
