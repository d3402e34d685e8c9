/** Registration by e-mail and login, driven through the API as the passport screens drive it. */
import type { CaptchaAction } from '@gp/contracts/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { messageText } from '@gp/i18n/server';
import { backdateCodes, captchaTicket, latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { outbox } from '../messaging/index.ts';
import { lockoutPolicy } from '../sessions/index.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());

type Json = { code: number; message: string; data: Record<string, unknown> | null };
const post = async (
  url: string,
  form: Record<string, string>,
  options: { cookies?: Record<string, string>; ip?: string } = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: options.cookies ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { res, body: res.json() as Json };
};

/** What the screens do: solve a graphic captcha (test answer) and keep the ticket. */
const ticket = (action?: CaptchaAction) => captchaTicket(t.app, undefined, action);
const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
const emailCode = (email: string) => latestCode(t.db, email);

async function register(email: string, password: string, lang = 'en') {
  expect(
    (
      await post(`/passport/web/captcha/generic/send?lang=${lang}`, {
        user: email,
        type: 'register',
        captcha: await ticket('register'),
      })
    ).body.code,
  ).toBe(0);
  const [pwd, rePwd] = await seal(password, password);
  return post(`/passport/web/reg/email?lang=${lang}`, {
    user: email,
    pwd: pwd!,
    rePwd: rePwd!,
    captcha: await emailCode(email),
  });
}

async function login(user: string, password: string, extra: Record<string, string> = {}, ip = '127.0.0.1') {
  const [pwd] = await seal(password);
  return post('/passport/web/game/login', { user, pwd: pwd!, captcha: await ticket(), ...extra }, { ip });
}

const cookiesOf = (res: { cookies: { name: string; value: string }[] }) =>
  Object.fromEntries(
    res.cookies
      .filter((c) => c.name === sessionCookie || c.name === csrfCookie)
      .map((c) => [c.name, c.value]),
  );

describe('registration by e-mail', () => {
  it('creates an account from the e-mail code, with a derived nickname', async () => {
    const { body } = await register('Nok.Siri@example.com', 'Secret123', 'th');
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ nickName: 'noksiri' });
    const [message] = await outbox.latest(t.db, {
      recipient: 'nok.siri@example.com',
      limit: 1,
    });
    expect(message?.lang).toBe('th');
  });

  it('answers a sign-up with a registered e-mail like any other, tells its owner, and no code gets it in', async () => {
    await backdateCodes(t.db, 'nok.siri@example.com');
    // Asked in English; the owner registered in Thai and is told in Thai.
    expect(
      (
        await post('/passport/web/captcha/generic/send?lang=en', {
          user: 'nok.siri@example.com',
          type: 'register',
          captcha: await ticket('register'),
        })
      ).body,
    ).toMatchObject({ code: 0, data: { expires_in: 600, resend_after: 60 } });
    const [notice] = await outbox.latest(t.db, { recipient: 'nok.siri@example.com', limit: 1 });
    expect(notice).toMatchObject({ lang: 'th', subject: messageText('th', 'signupAttempt.subject') });
    expect(notice!.body).not.toMatch(/\b\d{6}\b/);
    // Registering it is refused like a wrong code: only someone who received a code could learn more.
    const [pwd, rePwd] = await seal('Secret123', 'Secret123');
    expect(
      (
        await post('/passport/web/reg/email', {
          user: 'nok.siri@example.com',
          pwd: pwd!,
          rePwd: rePwd!,
          captcha: '123456',
        })
      ).body.code,
    ).toBe(510006);
  });

  it('refuses a code request without a solved captcha', async () => {
    expect(
      (
        await post('/passport/web/captcha/generic/send', {
          user: 'x@example.com',
          type: 'register',
          captcha: 'made-up',
        })
      ).body.code,
    ).toBe(-105);
    const bad = await post('/passport/web/captcha/generic/send', {
      user: 'not-an-email',
      type: 'register',
      captcha: 'x',
    });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.data).toEqual({ fields: [{ field: 'user', code: 'invalid_format' }] });
  });

  it.each([
    ['short', 'abc', 'abc', 500006],
    ['symbols', 'abc!23456', 'abc!23456', 500006],
    ['too long', 'a'.repeat(17), 'a'.repeat(17), 500006],
    ['mismatch', 'Secret123', 'Secret124', 510010],
  ])('refuses a %s password', async (_, password, confirmation, code) => {
    const email = `rule-${code}-${password.length}-${confirmation.slice(-1)}@example.com`;
    await post('/passport/web/captcha/generic/send', {
      user: email,
      type: 'register',
      captcha: await ticket('register'),
    });
    const [pwd, rePwd] = await seal(password, confirmation);
    expect(
      (
        await post('/passport/web/reg/email', {
          user: email,
          pwd: pwd!,
          rePwd: rePwd!,
          captcha: await emailCode(email),
        })
      ).body.code,
    ).toBe(code);
  });

  it('refuses a wrong e-mail code and a replayed sealed password', async () => {
    const email = 'replay@example.com';
    await post('/passport/web/captcha/generic/send', {
      user: email,
      type: 'register',
      captcha: await ticket('register'),
    });
    const [pwd, rePwd] = await seal('Secret123', 'Secret123');
    const code = await emailCode(email);
    expect(
      (
        await post('/passport/web/reg/email', {
          user: email,
          pwd: pwd!,
          rePwd: rePwd!,
          captcha: code === '111111' ? '222222' : '111111',
        })
      ).body.code,
    ).toBe(510006);
    // The nonce inside the sealed passwords is spent: the same ciphertexts cannot be sent again.
    expect(
      (await post('/passport/web/reg/email', { user: email, pwd: pwd!, rePwd: rePwd!, captcha: code })).body
        .code,
    ).toBe(-112);
  });
});

describe('login', () => {
  beforeAll(async () => {
    expect((await register('somchai@example.com', 'Secret123')).body.code).toBe(0);
  });

  it('starts a session: user info answers, ct is required, gourl only to our hosts', async () => {
    const { res, body } = await login('SOMCHAI@example.com', 'Secret123', {
      keep: '1',
      gourl: 'http://localhost:8082/pay_h5/payorder',
    });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      user_id: 'somchai@example.com',
      loginType: 0,
      gourl: 'http://localhost:8082/pay_h5/payorder',
    });
    const sid = res.cookies.find((c) => c.name === sessionCookie)!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const cookies = cookiesOf(res);
    const info = await t.app.inject({ url: `/passport/web/user/info?ct=${cookies[csrfCookie]}`, cookies });
    expect(info.json().data).toMatchObject({ nickName: 'somchai', loginType: 0 });
    const evil = await login('somchai@example.com', 'Secret123', { gourl: 'https://evil.example/' });
    expect(evil.body.data!.gourl).toBe('http://localhost:8080/');
    expect(evil.res.cookies.find((c) => c.name === sessionCookie)!.expires).toBeUndefined(); // not kept
  });

  it('rotates the session id at login and revokes the old one', async () => {
    const first = cookiesOf((await login('somchai@example.com', 'Secret123')).res);
    const [pwd] = await seal('Secret123');
    const second = await post(
      '/passport/web/login',
      { user: 'somchai@example.com', pwd: pwd!, captcha: await ticket() },
      { cookies: first },
    );
    expect(second.body.code).toBe(0);
    const rotated = cookiesOf(second.res);
    expect(rotated[sessionCookie]).not.toBe(first[sessionCookie]);
    expect(
      (await t.app.inject({ url: `/passport/web/user/info?ct=${first[csrfCookie]}`, cookies: first })).json()
        .code,
    ).toBe(-101);
  });

  it('answers an unknown account exactly like a wrong password, on both login calls', async () => {
    const unknown = await login('nobody@example.com', 'Secret123');
    const wrong = await login('somchai@example.com', 'Wrong1234');
    expect(unknown.body).toEqual({
      code: -645,
      message: 'Incorrect account or password. Please try again.',
      data: null,
    });
    expect(wrong.body).toEqual(unknown.body);
    const [pwd] = await seal('Secret123');
    expect(
      (await post('/passport/web/login', { user: 'nobody@example.com', pwd: pwd!, captcha: await ticket() }))
        .body.code,
    ).toBe(500002);
    const [pwd2] = await seal('Secret123');
    expect(
      (await post('/passport/web/login', { user: 'somchai@example.com', pwd: pwd2!, captcha: 'no-ticket' }))
        .body.code,
    ).toBe(-105);
  });

  it('never locks an account after repeated wrong passwords: the right one still logs in, from any address', async () => {
    expect((await register('guess@example.com', 'Secret123')).body.code).toBe(0);
    let last = 0;
    for (let i = 0; i < lockoutPolicy.login.softAfter; i++)
      last = (await login('guess@example.com', `Wrong${i}000`, {}, `10.8.0.${i}`)).body.code;
    expect(last).toBe(-645);
    expect((await login('guess@example.com', 'Secret123', {}, '10.8.1.1')).body.code).toBe(0);
    const [pwd] = await seal('Wrong9000');
    expect(
      (await post('/passport/web/login', { user: 'guess@example.com', pwd: pwd!, captcha: await ticket() }))
        .body.code,
    ).toBe(500002);
  });

  it('logs out through the game logout call too', async () => {
    const cookies = cookiesOf((await login('somchai@example.com', 'Secret123')).res);
    const out = await post('/passport/web/game/login/logout', { ct: cookies[csrfCookie]! }, { cookies });
    expect(out.body.code).toBe(0);
    expect(
      (await t.app.inject({ url: `/passport/web/user/info?ct=${cookies[csrfCookie]}`, cookies })).json().code,
    ).toBe(-101);
  });
});

describe('account settings: change password', () => {
  it('needs the old password, a new one that differs and follows the rules, and ends the other sessions', async () => {
    expect((await register('pim@example.com', 'Secret123')).body.code).toBe(0);
    const mine = cookiesOf((await login('pim@example.com', 'Secret123')).res);
    const other = cookiesOf((await login('pim@example.com', 'Secret123')).res);
    const change = async (oldPw: string, next: string, again: string) => {
      const [old_pwd, new_pwd, re_pwd] = await seal(oldPw, next, again);
      return (
        await post(
          '/passport/web/email/change.password',
          { old_pwd: old_pwd!, new_pwd: new_pwd!, re_pwd: re_pwd!, ct: mine[csrfCookie]! },
          { cookies: mine },
        )
      ).body.code;
    };
    expect(await change('Wrong999', 'Better456', 'Better456')).toBe(510008);
    expect(await change('Secret123', 'Secret123', 'Secret123')).toBe(510009);
    expect(await change('Secret123', 'bad!', 'bad!')).toBe(500006);
    expect(await change('Secret123', 'Better456', 'Better457')).toBe(510010);
    expect(await change('Secret123', 'Better456', 'Better456')).toBe(0);
    const info = (cookies: Record<string, string>) =>
      t.app.inject({ url: `/passport/web/user/info?ct=${cookies[csrfCookie]}`, cookies });
    expect((await info(mine)).json().data).toMatchObject({ bind_email: 'p***m@example.com', bind_tel: null });
    expect((await info(other)).json().code).toBe(-101);
    expect((await login('pim@example.com', 'Better456')).body.code).toBe(0);
  });

  it('refuses a visitor and a foreign ct', async () => {
    const [old_pwd, new_pwd, re_pwd] = await seal('a', 'b', 'c');
    expect(
      (
        await post('/passport/web/email/change.password', {
          old_pwd: old_pwd!,
          new_pwd: new_pwd!,
          re_pwd: re_pwd!,
        })
      ).body.code,
    ).toBe(-101);
    const mine = cookiesOf((await login('somchai@example.com', 'Secret123')).res);
    expect(
      (
        await post(
          '/passport/web/email/change.password',
          { old_pwd: old_pwd!, new_pwd: new_pwd!, re_pwd: re_pwd!, ct: 'forged' },
          { cookies: mine },
        )
      ).body.code,
    ).toBe(-110);
  });
});
