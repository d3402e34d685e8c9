/** Binding an e-mail and a phone to an account, and changing the phone with codes to both numbers. */
import type { CaptchaAction } from '@gp/contracts/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { backdateCodes, captchaTicket, latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cookies: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
  // A member registered by phone, logged in.
  await send('/passport/web/sms/generic/send', {
    cid: '62',
    tel: '81234567890',
    type: 'register',
    captcha: await ticket('register'),
  });
  const [pwd, repeatPwd] = await seal('Secret123', 'Secret123');
  await send('/passport/web/reg/by/tel', {
    cid: '62',
    tel: '81234567890',
    code: await codeTo('6281234567890'),
    nickName: 'Budi',
    pwd: pwd!,
    repeatPwd: repeatPwd!,
  });
  const [loginPwd] = await seal('Secret123');
  const res = await t.app.inject({
    method: 'POST',
    url: '/passport/web/game/login',
    payload: new URLSearchParams({
      user: '6281234567890',
      pwd: loginPwd!,
      captcha: await ticket(),
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  cookies = Object.fromEntries(
    res.cookies.filter((c) => [sessionCookie, csrfCookie].includes(c.name)).map((c) => [c.name, c.value]),
  );
});
afterAll(() => t.close());

async function send(url: string, form: Record<string, string>, asMember = false) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(asMember ? { ...form, ct: cookies[csrfCookie]! } : form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: asMember ? cookies : {},
  });
  return res.json() as { code: number; data: Record<string, unknown> | null };
}
const member_ = (url: string, form: Record<string, string>) => send(url, form, true);
const ticket = (action?: CaptchaAction) => captchaTicket(t.app, undefined, action);
const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
const codeTo = (target: string) => latestCode(t.db, target);
const backdate = (target: string) => backdateCodes(t.db, target);
/** The current password, sealed: binding or changing an address needs it. */
const proof = async () => (await seal('Secret123'))[0]!;

describe('binding an e-mail', () => {
  it('sends a code to the new address, checks it, binds it', async () => {
    expect(
      (
        await member_('/passport/web/captcha/auth/send', {
          user: 'Budi@example.com',
          type: 'bind',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(0);
    const code = await codeTo('budi@example.com');
    expect(
      (await member_('/passport/web/captcha/auth/check', { user: 'budi@example.com', captcha: code })).code,
    ).toBe(0);
    const bound = await member_('/passport/web/user/email/bind', {
      user: 'budi@example.com',
      captcha: code,
      pwd: await proof(),
    });
    expect(bound).toMatchObject({
      code: 0,
      data: { bind_email: 'b***i@example.com', bind_tel: '62********890' },
    });
    // The code is spent, and the address is now taken.
    expect(
      (
        await member_('/passport/web/user/email/bind', {
          user: 'budi@example.com',
          captcha: code,
          pwd: await proof(),
        })
      ).code,
    ).toBe(510000);
  });

  it('needs a session and a captcha', async () => {
    expect(
      (await send('/passport/web/captcha/auth/send', { user: 'x@example.com', type: 'bind', captcha: 'x' }))
        .code,
    ).toBe(-101);
    expect(
      (
        await member_('/passport/web/captcha/auth/send', {
          user: 'x@example.com',
          type: 'bind',
          captcha: 'nope',
        })
      ).code,
    ).toBe(-105);
  });
});

describe('binding and changing a phone', () => {
  it('refuses the number already bound, and a change without the old number', async () => {
    await backdate('6281234567890');
    expect(
      (
        await member_('/passport/web/sms/send', {
          cid: '62',
          tel: '81234567890',
          type: 'bind',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(-614);
    expect(
      (
        await member_('/passport/web/sms/send', {
          cid: '62',
          tel: '89999999999',
          type: 'old',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(-618);
    await member_('/passport/web/sms/send', {
      cid: '62',
      tel: '85555555555',
      type: 'bind',
      captcha: await ticket('account'),
    });
    const code = await codeTo('6285555555555');
    expect(
      (
        await member_('/passport/web/user/handle/tel', {
          cid: '62',
          tel: '85555555555',
          code,
          pwd: await proof(),
        })
      ).code,
    ).toBe(-705);
  });

  it('changes the number with codes to the old and the new one', async () => {
    await backdate('6281234567890');
    await backdate('6285555555555');
    expect(
      (
        await member_('/passport/web/sms/send', {
          cid: '62',
          tel: '81234567890',
          type: 'old',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(0);
    const oldCode = await codeTo('6281234567890');
    expect(
      (
        await member_('/passport/web/sms/check', {
          cid: '62',
          tel: '81234567890',
          type: 'old',
          code: oldCode,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await member_('/passport/web/sms/send', {
          cid: '62',
          tel: '85555555555',
          type: 'bind',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(0);
    const code = await codeTo('6285555555555');
    const wrongOld = oldCode === '000000' ? '111111' : '000000';
    expect(
      (
        await member_('/passport/web/user/handle/tel', {
          cid: '62',
          tel: '85555555555',
          code,
          oldCode: wrongOld,
          pwd: await proof(),
        })
      ).code,
    ).toBe(-704);
    const changed = await member_('/passport/web/user/handle/tel', {
      cid: '62',
      tel: '85555555555',
      code,
      oldCode,
      pwd: await proof(),
    });
    expect(changed).toMatchObject({ code: 0, data: { bind_tel: '62********555' } });
  });

  it('refuses a number another member uses', async () => {
    expect(
      (
        await member_('/passport/web/sms/send', {
          cid: '62',
          tel: '85555555555',
          type: 'bind',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(-614);
    await backdate('6281234567890');
    const other = await send('/passport/web/sms/generic/send', {
      cid: '62',
      tel: '81234567890',
      type: 'register',
      captcha: await ticket('register'),
    });
    expect(other.code).toBe(0); // the old number is free again
  });
});

describe('changing the password with a code to the bound e-mail or phone', () => {
  it('checks the e-mail code, then the old password, in the e-mail family of codes', async () => {
    await backdate('budi@example.com');
    expect(
      (
        await member_('/passport/web/captcha/auth/send', {
          user: 'other@example.com',
          type: 'old',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(-615);
    expect(
      (
        await member_('/passport/web/captcha/auth/send', {
          user: 'budi@example.com',
          type: 'old',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(0);
    const code = await codeTo('budi@example.com');
    const [wrongOld, next1, again1] = await seal('Nope12345', 'Better456', 'Better456');
    expect(
      (
        await member_('/passport/web/user/pwd/update', {
          captcha: code,
          oldPwd: wrongOld!,
          pwd: next1!,
          rePwd: again1!,
        })
      ).code,
    ).toBe(510008);
    const [old, next, again] = await seal('Secret123', 'Better456', 'Better456');
    expect(
      (
        await member_('/passport/web/user/pwd/update', {
          captcha: code,
          oldPwd: old!,
          pwd: next!,
          rePwd: again!,
        })
      ).code,
    ).toBe(0);
  });

  it('checks the SMS code, then the passwords, in the phone family of codes', async () => {
    await backdate('6285555555555');
    expect(
      (
        await member_('/passport/web/sms/send', {
          cid: '62',
          tel: '85555555555',
          type: 'old',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(0);
    const code = await codeTo('6285555555555');
    const [same1, same2, same3] = await seal('Better456', 'Better456', 'Better456');
    expect(
      (
        await member_('/passport/web/user/change/pwd', {
          code,
          oldPwd: same1!,
          pwd: same2!,
          repeatPwd: same3!,
        })
      ).code,
    ).toBe(-605);
    const [old, next, again] = await seal('Better456', 'Best78901', 'Best78902');
    expect(
      (await member_('/passport/web/user/change/pwd', { code, oldPwd: old!, pwd: next!, repeatPwd: again! }))
        .code,
    ).toBe(-603);
    const [o, n, a] = await seal('Better456', 'Best78901', 'Best78901');
    expect(
      (await member_('/passport/web/user/change/pwd', { code, oldPwd: o!, pwd: n!, repeatPwd: a! })).code,
    ).toBe(0);
    // The code was used by the change.
    const [o2, n2, a2] = await seal('Best78901', 'Again2345', 'Again2345');
    expect(
      (await member_('/passport/web/user/change/pwd', { code, oldPwd: o2!, pwd: n2!, repeatPwd: a2! })).code,
    ).toBe(-703);
  });
});

describe('POST /passport/web/reset/email/check', () => {
  it('checks a reset code without using it', async () => {
    await backdate('budi@example.com');
    expect(
      (
        await send('/passport/web/captcha/generic/send', {
          user: 'budi@example.com',
          type: 'reset',
          captcha: await ticket('reset'),
        })
      ).code,
    ).toBe(0);
    const code = await codeTo('budi@example.com');
    expect(
      (
        await send('/passport/web/reset/email/check', {
          user: 'budi@example.com',
          captcha: code === '000000' ? '111111' : '000000',
        })
      ).code,
    ).toBe(510006);
    expect(
      (await send('/passport/web/reset/email/check', { user: 'budi@example.com', captcha: code })).code,
    ).toBe(0);
    expect(
      (await send('/passport/web/reset/email/check', { user: 'budi@example.com', captcha: code })).code,
    ).toBe(0);
  });
});
