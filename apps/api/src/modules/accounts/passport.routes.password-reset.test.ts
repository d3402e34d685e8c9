/** Password reset by e-mail link, as the findpwd screens drive it: send, open the link, set a new password. */
import type { CaptchaAction } from '@gp/contracts/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/test-app.ts';
import { sealPasswords } from '../../../test/passport-steps.ts';
import { emailTicket } from '../../db/schema/passport.schema.ts';
import { outbox } from '../messaging/index.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());

type Json = { code: number; data: Record<string, unknown> | null };
const post = async (url: string, form: Record<string, string>, cookies: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies,
  });
  return { res, body: res.json() as Json };
};
const captcha = async () =>
  String((await post('/passport/web/captcha/img/captcha', {})).body.data!.img_token);
const ticket = async (action: CaptchaAction = 'login') =>
  String(
    (
      await post('/passport/web/captcha/verify/captcha', {
        img_token: await captcha(),
        captcha: 'pass',
        action,
      })
    ).body.data!.ticket,
  );
const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
const latest = async (to: string) => (await outbox.latest(t.db, { recipient: to, limit: 1 }))[0];

async function register(email: string, password: string, lang: string) {
  await post(`/passport/web/captcha/generic/send?lang=${lang}`, {
    user: email,
    type: 'register',
    captcha: await ticket('register'),
  });
  const code = (await latest(email))!.body.match(/\b\d{6}\b/)![0];
  const [pwd, rePwd] = await seal(password, password);
  expect(
    (
      await post(`/passport/web/reg/email?lang=${lang}`, {
        user: email,
        pwd: pwd!,
        rePwd: rePwd!,
        captcha: code,
      })
    ).body.code,
  ).toBe(0);
}
async function login(email: string, password: string) {
  const [pwd] = await seal(password);
  return post('/passport/web/game/login', { user: email, pwd: pwd!, captcha: await ticket() });
}
const sendLink = async (email: string, answer = 'pass') =>
  post('/passport/web/email/gk/mail.send?lang=en', {
    email,
    email_type: 'reset',
    captcha: answer,
    img_token: await captcha(),
  });
const linkOf = async (email: string) => new URL((await latest(email))!.body.match(/https?:\/\/\S+/)![0]);

describe('password reset by e-mail link', () => {
  beforeAll(() => register('linh@example.com', 'OldPass123', 'vi'));

  it('sends the link in the member language, confirms it, sets the password and ends every session', async () => {
    const session = await login('linh@example.com', 'OldPass123');
    const cookies = Object.fromEntries(
      session.res.cookies
        .filter((c) => [sessionCookie, csrfCookie].includes(c.name))
        .map((c) => [c.name, c.value]),
    );
    expect((await sendLink('LINH@example.com')).body.code).toBe(0);
    const message = (await latest('linh@example.com'))!;
    expect(message.subject).toBe('Đặt lại mật khẩu JoyPeak Games');
    const link = await linkOf('linh@example.com');
    expect(link.origin + link.pathname).toBe('http://localhost:8081/findpwd');
    const email_ticket = link.searchParams.get('email_ticket')!;
    const [early, earlyRe] = await seal('NewPass456', 'NewPass456');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: early!, re_pwd: earlyRe! })).body
        .code,
    ).toBe(510012);
    expect(
      (
        await post('/passport/web/email/mail.check', {
          email_ticket,
          email: link.searchParams.get('email')!,
          email_type: 'reset',
        })
      ).body.code,
    ).toBe(0);
    const [pwd, rePwd] = await seal('NewPass456', 'NewPass456');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: pwd!, re_pwd: rePwd! })).body.code,
    ).toBe(0);
    expect((await login('linh@example.com', 'OldPass123')).body.code).toBe(-645);
    expect((await login('linh@example.com', 'NewPass456')).body.code).toBe(0);
    expect(
      (await t.app.inject({ url: `/passport/web/user/info?ct=${cookies[csrfCookie]}`, cookies })).json().code,
    ).toBe(-101);
    // The link works once.
    const [again, againRe] = await seal('Other789', 'Other789');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: again!, re_pwd: againRe! })).body
        .code,
    ).toBe(510011);
  });

  it('refuses an expired link, a link for another address, and bad new passwords', async () => {
    await register('arief@example.com', 'OldPass123', 'en');
    expect((await sendLink('arief@example.com')).body.code).toBe(0);
    const link = await linkOf('arief@example.com');
    const email_ticket = link.searchParams.get('email_ticket')!;
    expect(
      (
        await post('/passport/web/email/mail.check', {
          email_ticket,
          email: 'linh@example.com',
          email_type: 'reset',
        })
      ).body.code,
    ).toBe(510011);
    expect(
      (
        await post('/passport/web/email/mail.check', {
          email_ticket,
          email: 'arief@example.com',
          email_type: 'reset',
        })
      ).body.code,
    ).toBe(0);
    const [short, shortRe] = await seal('abc', 'abc');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: short!, re_pwd: shortRe! })).body
        .code,
    ).toBe(500006);
    const [a, b] = await seal('NewPass456', 'NewPass457');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: a!, re_pwd: b! })).body.code,
    ).toBe(510010);
    await t.db
      .update(emailTicket)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTicket.email, 'arief@example.com'));
    const [pwd, rePwd] = await seal('NewPass456', 'NewPass456');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: pwd!, re_pwd: rePwd! })).body.code,
    ).toBe(510011);
  });

  it('sends links at most once a minute, needs the captcha, and answers alike for an address without account', async () => {
    expect((await sendLink('arief@example.com')).body.code).toBe(510002);
    expect((await sendLink('arief@example.com', 'wrong')).body.code).toBe(-105);
    const unknown = await sendLink('nobody@example.com');
    expect(unknown.body).toEqual({
      code: 0,
      message: 'success',
      data: { expires_in: 1800, resend_after: 60 },
    });
    expect(await outbox.latest(t.db, { recipient: 'nobody@example.com', limit: 1 })).toEqual([]);
    expect((await sendLink('nobody@example.com')).body.code).toBe(510002);
  });
});
