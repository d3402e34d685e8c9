/**
 * Binding an e-mail and a phone to an account, and changing the phone with codes to both numbers; a bind tells
 * nobody whether another account holds the address.
 */
import type { CaptchaAction } from '@gp/contracts/passport';
import { messageText } from '@gp/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { backdateCodes, captchaTicket, latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { outbox } from '../messaging/index.ts';
import { bindLimits } from './account.service.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cookies: Record<string, string>;
beforeAll(async () => {
  // Every call here comes from one client address: its hourly caps are not what these tests are about.
  t = await createTestApp({
    CAPTCHA_TEST_ANSWER: 'pass',
    CODES_PER_IP_PER_HOUR: '1000',
    REGISTRATIONS_PER_HOUR: '100',
    REGISTRATIONS_PER_DAY: '100',
  });
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

type Answer = { code: number; message: string; data: Record<string, unknown> | null };
async function send(url: string, form: Record<string, string>, asMember = false, as = cookies) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(asMember ? { ...form, ct: as[csrfCookie]! } : form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: asMember ? as : {},
  });
  return { ...(res.json() as Answer), status: res.statusCode };
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

describe('binding tells nobody whether an address has an account', () => {
  /** Cookies of a logged-in member. */
  type Member = Record<string, string>;
  /** Registered by phone: an e-mail bind needs no code to an old address. */
  let phoneCaller: Member;
  /** Registered by e-mail: a phone bind needs no code to an old number. */
  let caller: Member;
  const as = (member: Member) => (url: string, form: Record<string, string>) => send(url, form, true, member);
  async function login(user: string): Promise<Member> {
    const [pwd] = await seal('Secret123');
    const res = await t.app.inject({
      method: 'POST',
      url: '/passport/web/game/login',
      payload: new URLSearchParams({ user, pwd: pwd!, captcha: await ticket() }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return Object.fromEntries(
      res.cookies.filter((c) => [sessionCookie, csrfCookie].includes(c.name)).map((c) => [c.name, c.value]),
    );
  }
  async function registerEmail(email: string, lang: string) {
    await send(`/passport/web/captcha/generic/send?lang=${lang}`, {
      user: email,
      type: 'register',
      captcha: await ticket('register'),
    });
    const [pwd, rePwd] = await seal('Secret123', 'Secret123');
    const code = await codeTo(email);
    const done = await send(`/passport/web/reg/email?lang=${lang}`, {
      user: email,
      pwd: pwd!,
      rePwd: rePwd!,
      captcha: code,
    });
    expect(done.code).toBe(0);
  }
  async function registerPhone(tel: string, nickName: string) {
    await send('/passport/web/sms/generic/send?lang=vi', {
      cid: '62',
      tel,
      type: 'register',
      captcha: await ticket('register'),
    });
    const [pwd, repeatPwd] = await seal('Secret123', 'Secret123');
    const code = await codeTo(`62${tel}`);
    const done = await send('/passport/web/reg/by/tel?lang=vi', {
      cid: '62',
      tel,
      code,
      nickName,
      pwd: pwd!,
      repeatPwd: repeatPwd!,
    });
    expect(done.code).toBe(0);
  }
  const messagesTo = (recipient: string) => outbox.latest(t.db, { recipient, limit: 50 });
  /** A six-digit code that is not `code`. */
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    await registerEmail('owner@example.com', 'th'); // holds the address the caller tries
    await registerPhone('87777777777', 'Sari'); // holds the number the caller tries
    await registerEmail('caller@example.com', 'en');
    caller = await login('caller@example.com');
    await registerPhone('88888888888', 'Wayan');
    phoneCaller = await login('6288888888888');
    // Their sign-up codes went out a moment ago: the once-a-minute rule of each address is not under test.
    for (const target of ['owner@example.com', '6287777777777']) await backdate(target);
  });

  it('answers a bind send for a taken e-mail exactly as for a free one; the owner is told, no code goes out', async () => {
    const member = as(phoneCaller);
    const ownerBefore = (await messagesTo('owner@example.com')).length;
    const taken = await member('/passport/web/captcha/auth/send', {
      user: 'OWNER@example.com',
      type: 'bind',
      captcha: await ticket('account'),
    });
    const free = await member('/passport/web/captcha/auth/send', {
      user: 'free@example.com',
      type: 'bind',
      captcha: await ticket('account'),
    });
    expect(taken).toEqual(free);
    expect(taken).toMatchObject({ code: 0, status: 200 });
    // The free address got its code; the owner got the notice in their language and no code at all.
    expect(await codeTo('free@example.com')).toMatch(/^\d{6}$/);
    const toOwner = await messagesTo('owner@example.com');
    expect(toOwner.length - ownerBefore).toBe(1);
    expect(toOwner[0]).toMatchObject({
      lang: 'th',
      subject: messageText('th', 'bindAttempt.subject'),
      body: messageText('th', 'bindAttempt.body'),
    });
    expect(toOwner[0]!.body).not.toMatch(/\b\d{6}\b/);
  });

  it('binds nothing without the password, and a taken e-mail fails like a wrong code whatever the code', async () => {
    const member = as(phoneCaller);
    // No proof: refused before anything about the address is looked at (it used to answer 510000 here).
    const unproven = await member('/passport/web/user/email/bind', {
      user: 'owner@example.com',
      captcha: '123456',
    });
    expect(unproven.code).toBe(-600);
    const freeCode = await codeTo('free@example.com');
    const wrongForFree = await member('/passport/web/user/email/bind', {
      user: 'free@example.com',
      captcha: otherThan(freeCode),
      pwd: await proof(),
    });
    expect(wrongForFree.code).toBe(510006);
    for (const guess of ['123456', freeCode]) {
      const forTaken = await member('/passport/web/user/email/bind', {
        user: 'owner@example.com',
        captcha: guess,
        pwd: await proof(),
      });
      expect(forTaken).toEqual(wrongForFree);
    }
    // Even the code the address's check accepts (were it ever known) binds nothing: the stored one, read here.
    const check = await member('/passport/web/captcha/auth/check', {
      user: 'owner@example.com',
      captcha: '123456',
    });
    expect(check.code).toBe(510006);
  });

  it('answers a bind send for a taken number exactly as for a free one; the owner gets the SMS notice', async () => {
    const member = as(caller);
    const taken = await member('/passport/web/sms/send', {
      cid: '62',
      tel: '087777777777',
      type: 'bind',
      captcha: await ticket('account'),
    });
    const free = await member('/passport/web/sms/send', {
      cid: '62',
      tel: '86666666666',
      type: 'bind',
      captcha: await ticket('account'),
    });
    expect(taken).toEqual(free);
    expect(taken.code).toBe(0);
    expect(await codeTo('6286666666666')).toMatch(/^\d{6}$/);
    const [notice] = await messagesTo('6287777777777');
    expect(notice).toMatchObject({ lang: 'vi', body: messageText('vi', 'bindAttempt.sms') });
    // The phone's bind: the password first, then a taken number fails like a wrong SMS code.
    expect(
      (await member('/passport/web/user/handle/tel', { cid: '62', tel: '87777777777', code: '123456' })).code,
    ).toBe(-600);
    const freeCode = await codeTo('6286666666666');
    const wrongForFree = await member('/passport/web/user/handle/tel', {
      cid: '62',
      tel: '86666666666',
      code: otherThan(freeCode),
      pwd: await proof(),
    });
    expect(wrongForFree.code).toBe(-704);
    const forTaken = await member('/passport/web/user/handle/tel', {
      cid: '62',
      tel: '87777777777',
      code: freeCode,
      pwd: await proof(),
    });
    expect(forTaken).toEqual(wrongForFree);
  });

  it('needs the captcha for a phone bind send too', async () => {
    const answer = await as(caller)('/passport/web/sms/send', {
      cid: '62',
      tel: '86666666660',
      type: 'bind',
      captcha: 'nope',
    });
    expect(answer.code).toBe(-105);
  });

  it('counts bind sends per member, taken and free alike, e-mail and SMS together', async () => {
    await registerEmail('counted@example.com', 'en');
    const member = as(await login('counted@example.com'));
    const answers: number[] = [];
    for (let i = 0; i < bindLimits.sendsPerMemberPerDay; i++) {
      const user = i % 3 === 0 ? 'owner@example.com' : `try${i}@example.com`;
      if (i % 3 === 0) await backdate('owner@example.com');
      answers.push(
        (
          await member('/passport/web/captcha/auth/send', {
            user,
            type: 'bind',
            captcha: await ticket('account'),
          })
        ).code,
      );
    }
    expect(answers).toEqual(Array.from({ length: bindLimits.sendsPerMemberPerDay }, () => 0));
    const mailsBefore = (await outbox.latest(t.db, { limit: 500 })).length;
    const overEmail = await member('/passport/web/captcha/auth/send', {
      user: 'one-more@example.com',
      type: 'bind',
      captcha: await ticket('account'),
    });
    expect(overEmail).toMatchObject({ code: 510003, status: 429 });
    const overSms = await member('/passport/web/sms/send', {
      cid: '62',
      tel: '86666666661',
      type: 'bind',
      captcha: await ticket('account'),
    });
    expect(overSms).toMatchObject({ code: -701, status: 429 });
    expect((await outbox.latest(t.db, { limit: 500 })).length).toBe(mailsBefore);
    // Another member has their own count.
    expect(
      (
        await as(caller)('/passport/web/captcha/auth/send', {
          user: 'one-more@example.com',
          type: 'bind',
          captcha: await ticket('account'),
        })
      ).code,
    ).toBe(0);
  });
});
