/** Registration and password reset by phone (SMS codes read from the outbox), and reset with an e-mail code. */
import type { CaptchaAction } from '@gp/contracts/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import {
  backdateCodes as backdateTestCodes,
  captchaTicket,
  latestCode,
  postForm,
  sealPasswords,
} from '../../../test/passport-steps.ts';
import { messageText } from '@gp/i18n/server';
import { outbox } from '../messaging/index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());

const post = (url: string, form: Record<string, string>, ip?: string) => postForm(t.app, url, form, ip);
const ticket = (action?: CaptchaAction) => captchaTicket(t.app, undefined, action);
const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
const smsCode = (phone: string) => latestCode(t.db, phone);
/** Codes go out once a minute per address; the tests move the earlier ones back in time instead of waiting. */
const backdateCodes = (target: string) => backdateTestCodes(t.db, target);
const login = async (user: string, password: string) => {
  const [pwd] = await seal(password);
  return post('/passport/web/game/login', { user, pwd: pwd!, captcha: await ticket() });
};

describe('registration by phone', () => {
  it('checks the SMS code, registers with the chosen nickname, and logs in by number', async () => {
    expect(
      (
        await post('/passport/web/sms/generic/send?lang=th', {
          cid: '66',
          tel: '0812345678',
          type: 'register',
          captcha: await ticket('register'),
        })
      ).code,
    ).toBe(0);
    const code = await smsCode('66812345678');
    expect(
      (
        await post('/passport/web/sms/generic/check', {
          cid: '66',
          tel: '812345678',
          code: '000000' === code ? '111111' : '000000',
          type: 'register',
        })
      ).code,
    ).toBe(-704);
    expect(
      (await post('/passport/web/sms/generic/check', { cid: '66', tel: '812345678', code, type: 'register' }))
        .code,
    ).toBe(0);
    const [pwd, repeatPwd] = await seal('Secret123', 'Secret123');
    const created = await post('/passport/web/reg/by/tel', {
      cid: '66',
      tel: '0812345678',
      code,
      nickName: 'สมชาย',
      pwd: pwd!,
      repeatPwd: repeatPwd!,
    });
    expect(created).toMatchObject({ code: 0, data: { nickName: 'สมชาย' } });
    expect((await login('66812345678', 'Secret123')).data).toMatchObject({
      user_id: '66812345678',
      bind_tel: '66******678',
    });
    // A sign-up with the registered number answers like any other; its owner gets a notice, not a code, in
    // the owner's language (en: the registration above was in the default language), not the asker's.
    await backdateCodes('66812345678');
    expect(
      (
        await post('/passport/web/sms/generic/send?lang=vi', {
          cid: '66',
          tel: '812345678',
          type: 'register',
          captcha: await ticket('register'),
        })
      ).code,
    ).toBe(0);
    const [notice] = await outbox.latest(t.db, { recipient: '66812345678', limit: 1 });
    expect(notice).toMatchObject({
      channel: 'sms',
      lang: 'en',
      body: messageText('en', 'signupAttempt.sms'),
    });
    const [again, repeatAgain] = await seal('Secret123', 'Secret123');
    expect(
      (
        await post('/passport/web/reg/by/tel', {
          cid: '66',
          tel: '812345678',
          code,
          nickName: 'Somchai2',
          pwd: again!,
          repeatPwd: repeatAgain!,
        })
      ).code,
    ).toBe(-704); // like any wrong code: nobody was sent one that works
  });

  it.each([
    [{ nickName: '' }, -606],
    [{ nickName: 'ab' }, -607],
    [{ nickName: 'x'.repeat(17) }, -608],
    [{ nickName: 'no spaces' }, -611],
    [{ nickName: 'fuckface' }, -610],
    [{ nickName: 'JoyPeak_GM' }, -612],
    [{ nickName: 'สมชาย' }, -609],
    [{ tel: '12' }, 400],
    [{ cid: '999' }, -619],
  ])('refuses %j with %i', async (override, expected) => {
    const [pwd, repeatPwd] = await seal('Secret123', 'Secret123');
    const form = {
      cid: '84',
      tel: '912345678',
      code: '123456',
      nickName: 'Linh2026',
      pwd: pwd!,
      repeatPwd: repeatPwd!,
      ...override,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/passport/web/reg/by/tel',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(expected === 400 ? res.statusCode : res.json().code).toBe(expected);
  });

  it('refuses mismatched passwords with the phone flavour of the code', async () => {
    const [pwd, repeatPwd] = await seal('Secret123', 'Secret124');
    expect(
      (
        await post('/passport/web/reg/by/tel', {
          cid: '84',
          tel: '912345678',
          code: '123456',
          nickName: 'Linh2026',
          pwd: pwd!,
          repeatPwd: repeatPwd!,
        })
      ).code,
    ).toBe(-603);
  });
});

describe('password reset with a code', () => {
  it('resets by phone and ends the sessions', async () => {
    await backdateCodes('66812345678');
    expect(
      (
        await post(
          '/passport/web/sms/generic/send',
          { cid: '66', tel: '812345678', type: 'reset', captcha: await ticket('reset') },
          '10.5.0.1',
        )
      ).code,
    ).toBe(0);
    const code = await smsCode('66812345678');
    const [pwd, repeatPwd] = await seal('Fresh4567', 'Fresh4567');
    expect(
      (
        await post('/passport/web/reset/pwd', {
          cid: '66',
          tel: '812345678',
          code,
          pwd: pwd!,
          repeatPwd: repeatPwd!,
        })
      ).code,
    ).toBe(0);
    expect((await login('66812345678', 'Fresh4567')).code).toBe(0);
  });

  it('answers a reset for a number without an account exactly like one with an account, and sends nothing', async () => {
    const send = async (tel: string) =>
      post('/passport/web/sms/generic/send', {
        cid: '66',
        tel,
        type: 'reset',
        captcha: await ticket('reset'),
      });
    const reset = async (tel: string, code: string) => {
      const [pwd, repeatPwd] = await seal('Fresh4567', 'Fresh4567');
      return post('/passport/web/reset/pwd', { cid: '66', tel, code, pwd: pwd!, repeatPwd: repeatPwd! });
    };
    const known = '812345678'; // registered above
    const unknown = '899999999';
    await backdateCodes('66812345678');
    expect(await send(unknown)).toEqual(await send(known));
    expect(await outbox.latest(t.db, { recipient: '66899999999', limit: 1 })).toEqual([]);
    // The same answers after it: too soon again, a wrong code, a code spent by 5 wrong tries.
    expect(await send(unknown)).toEqual(await send(known));
    const code = await smsCode('66812345678');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect(await reset(unknown, wrong)).toEqual(await reset(known, wrong));
    expect((await reset(unknown, wrong)).code).toBe(-703);
    expect(await reset(unknown, wrong)).toEqual(await reset(known, code));
  });

  it('resets by e-mail code', async () => {
    await post('/passport/web/captcha/generic/send', {
      user: 'mai@example.com',
      type: 'register',
      captcha: await ticket('register'),
    });
    const regCode = (await outbox.latest(t.db, { recipient: 'mai@example.com', limit: 1 }))[0]!.body.match(
      /\b\d{6}\b/,
    )![0];
    const [a, b] = await seal('Secret123', 'Secret123');
    expect(
      (
        await post('/passport/web/reg/email', {
          user: 'mai@example.com',
          pwd: a!,
          rePwd: b!,
          captcha: regCode,
        })
      ).code,
    ).toBe(0);
    // The registration code is spent and belongs to another purpose: it cannot reset the password.
    const [x, y] = await seal('Fresh4567', 'Fresh4567');
    expect(
      (
        await post('/passport/web/reset/pwd', {
          user: 'mai@example.com',
          captcha: regCode,
          pwd: x!,
          rePwd: y!,
        })
      ).code,
    ).toBe(510005);
    await backdateCodes('mai@example.com');
    expect(
      (
        await post('/passport/web/captcha/generic/send', {
          user: 'mai@example.com',
          type: 'reset',
          captcha: await ticket('reset'),
        })
      ).code,
    ).toBe(0);
    const resetCode = (await outbox.latest(t.db, { recipient: 'mai@example.com', limit: 1 }))[0]!.body.match(
      /\b\d{6}\b/,
    )![0];
    const [pwd, rePwd] = await seal('Fresh4567', 'Fresh4567');
    expect(
      (
        await post('/passport/web/reset/pwd', {
          user: 'mai@example.com',
          captcha: resetCode,
          pwd: pwd!,
          rePwd: rePwd!,
        })
      ).code,
    ).toBe(0);
    expect((await login('mai@example.com', 'Fresh4567')).code).toBe(0);
  });
});
