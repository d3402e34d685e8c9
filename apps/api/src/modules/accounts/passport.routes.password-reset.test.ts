/** Password reset by e-mail link, as the findpwd screens drive it: send, open the link, set a new password. */
import type { CaptchaAction } from '@gp/contracts/passport';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/test-app.ts';
import { backdateCodes, latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { authLockout, emailTicket } from '../../db/schema/passport.schema.ts';
import { outbox, OutboxRepository } from '../messaging/index.ts';
import { EmailTicketRepository } from './email-ticket.repository.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass', REGISTRATIONS_PER_HOUR: '100' });
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

describe('reset links: the newest one only, none after a reset, the same work for every address', () => {
  /** The once-a-minute rule of an address's links, moved back instead of waited out. */
  const allowNextLink = (email: string) =>
    t.db
      .update(authLockout)
      .set({ windowStartedAt: new Date(Date.now() - 120_000) })
      .where(eq(authLockout.key, `reset-link-soon:${email}`));
  const open = async (link: URL) =>
    (
      await post('/passport/web/email/mail.check', {
        email_ticket: link.searchParams.get('email_ticket')!,
        email: link.searchParams.get('email')!,
        email_type: 'reset',
      })
    ).body.code;
  const setPassword = async (link: URL, password: string) => {
    const [pwd, rePwd] = await seal(password, password);
    return (
      await post('/passport/web/email/reset.email', {
        email_ticket: link.searchParams.get('email_ticket')!,
        pwd: pwd!,
        re_pwd: rePwd!,
      })
    ).body.code;
  };

  it('voids the older link when another is sent', async () => {
    await register('tuan@example.com', 'OldPass123', 'vi');
    expect((await sendLink('tuan@example.com')).body.code).toBe(0);
    const first = await linkOf('tuan@example.com');
    await allowNextLink('tuan@example.com');
    expect((await sendLink('tuan@example.com')).body.code).toBe(0);
    const second = await linkOf('tuan@example.com');
    expect(second.href).not.toBe(first.href);
    expect(await open(first)).toBe(510011);
    expect(await open(second)).toBe(0);
    expect(await setPassword(second, 'NewPass456')).toBe(0);
  });

  it('voids every other live link of the member once a reset is done, by link or by code', async () => {
    await register('somchai@example.com', 'OldPass123', 'th');
    expect((await sendLink('somchai@example.com')).body.code).toBe(0);
    const link = await linkOf('somchai@example.com');
    // A live link the member holds for the address they had before (sent before it was changed).
    const [member] = await t.db
      .select({ mid: emailTicket.mid })
      .from(emailTicket)
      .where(eq(emailTicket.email, 'somchai@example.com'));
    const older = 'older-ticket-of-somchai';
    await t.db.insert(emailTicket).values({
      ticketHash: createHash('sha256').update(older).digest('hex'),
      mid: member!.mid,
      email: 'somchai@old.example.com',
      purpose: 'reset',
      expiresAt: new Date(Date.now() + 600_000),
    });
    const olderLink = new URL(
      `http://localhost:8081/findpwd?email_ticket=${older}&email=somchai%40old.example.com`,
    );
    expect(await open(link)).toBe(0);
    expect(await setPassword(link, 'NewPass456')).toBe(0);
    expect(await open(olderLink)).toBe(510011);

    // A reset by e-mail code leaves no live link either.
    await allowNextLink('somchai@example.com');
    expect((await sendLink('somchai@example.com')).body.code).toBe(0);
    const live = await linkOf('somchai@example.com');
    await backdateCodes(t.db, 'somchai@example.com'); // the sign-up code went out a moment ago
    await post('/passport/web/captcha/generic/send', {
      user: 'somchai@example.com',
      type: 'reset',
      captcha: await ticket('reset'),
    });
    const [pwd, rePwd] = await seal('Codeword789', 'Codeword789');
    const byCode = await post('/passport/web/reset/pwd', {
      user: 'somchai@example.com',
      captcha: await latestCode(t.db, 'somchai@example.com'),
      pwd: pwd!,
      rePwd: rePwd!,
    });
    expect(byCode.body.code).toBe(0);
    expect(await open(live)).toBe(510011);
  });

  it('does the same writes for an address without an account as for one with, and sends the stranger nothing', async () => {
    await register('kim@example.com', 'OldPass123', 'en');
    const tickets = async () => (await t.db.select({ n: count() }).from(emailTicket))[0]!.n;
    const pending = async (to: string) => (await outbox.latest(t.db, { recipient: to, limit: 10 })).length;
    /** The repository steps a send takes, in order (the spies call through). */
    const stepsOf = async (email: string) => {
      const spies = {
        voidLive: vi.spyOn(EmailTicketRepository.prototype, 'voidLive'),
        insert: vi.spyOn(EmailTicketRepository.prototype, 'insert'),
        enqueue: vi.spyOn(OutboxRepository.prototype, 'enqueue'),
      };
      try {
        const before = await tickets();
        expect((await sendLink(email)).body.code).toBe(0);
        const steps = Object.entries(spies)
          .flatMap(([name, spy]) => spy.mock.invocationCallOrder.map((at) => ({ name, at })))
          .sort((x, y) => x.at - y.at)
          .map((step) => step.name);
        return { steps, tickets: (await tickets()) - before };
      } finally {
        for (const spy of Object.values(spies)) spy.mockRestore();
      }
    };
    const known = await stepsOf('kim@example.com');
    const unknown = await stepsOf('nobody-here@example.com');
    expect(known.steps).toEqual(['voidLive', 'insert', 'enqueue']);
    expect(unknown).toEqual(known);
    expect(known.tickets).toBe(1);
    expect(await pending('kim@example.com')).toBe(2); // the sign-up code and the link
    expect(await pending('nobody-here@example.com')).toBe(0);
  });
});
