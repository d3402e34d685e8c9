/**
 * Passwords: the most common ones are refused, in the call's own family of codes, everywhere a password is
 * set (sign-up, the three resets, the changes, staff accounts); and the spec's password change by a code to
 * the bound phone or e-mail works without the old password, for a member who has forgotten it.
 */
import { fullPath } from '@gp/contracts';
import type { CaptchaAction } from '@gp/contracts/passport';
import { staffAccountAdd, staffAccountPassword } from '@gp/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import {
  backdateCodes,
  captchaTicket,
  latestCode,
  postForm,
  sealPasswords,
} from '../../../test/passport-steps.ts';
import { loginTestStaff } from '../../../test/staff-session.ts';
import { outbox } from '../messaging/index.ts';
import { isCommonPassword } from '../sessions/index.ts';
import { PasswordHasher, testCost } from '../sessions/index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());

const hasher = new PasswordHasher(testCost);
const seal = (...passwords: string[]) => sealPasswords(t.app, ...passwords);
const ticket = (action: CaptchaAction) => captchaTicket(t.app, undefined, action);
const post = (url: string, form: Record<string, string>) => postForm(t.app, url, form);
const asMember = async (who: TestMember, url: string, form: Record<string, string>) =>
  (
    await t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams({ ...form, ct: who.ct }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: who.cookies,
    })
  ).json() as { code: number };

/** A member with a password, a bound e-mail and phone, logged in. */
const member = async (suffix: string) =>
  loginTestMember(t.db, {
    email: `pw-${suffix}@example.com`,
    phone: `6681${suffix.padStart(7, '0')}`,
    loginType: 0,
    passwordHash: await hasher.hash('Keeper2024'),
  });

/** The code of a send to the member's bound phone (`sms`) or e-mail, with a solved captcha. */
const codeTo = async (who: TestMember, channel: 'sms' | 'email', suffix: string) => {
  const form: Record<string, string> =
    channel === 'sms'
      ? { cid: '66', tel: `81${suffix.padStart(7, '0')}`, type: 'old' }
      : { user: `pw-${suffix}@example.com`, type: 'old' };
  const url = channel === 'sms' ? '/passport/web/sms/send' : '/passport/web/captcha/auth/send';
  expect(await asMember(who, url, { ...form, captcha: await ticket('account') })).toMatchObject({
    code: 0,
  });
  return latestCode(t.db, channel === 'sms' ? `6681${suffix.padStart(7, '0')}` : `pw-${suffix}@example.com`);
};
const login = async (user: string, password: string) => {
  const [pwd] = await seal(password);
  return (await post('/passport/web/game/login', { user, pwd: pwd!, captcha: await ticket('login') })).code;
};

describe('the common-password list', () => {
  it('holds the most common passwords that fit the rule, whatever their case, and nothing else', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('Keeper2024')).toBe(false);
    expect(isCommonPassword('Xq7pLm2Rv9')).toBe(false);
  });
});

describe('a common password is refused wherever a password is set', () => {
  it('at sign-up by e-mail (500007) and by phone (-623)', async () => {
    const [pwd, rePwd] = await seal('password1', 'password1');
    expect(
      (
        await post('/passport/web/reg/email', {
          user: 'c1@example.com',
          pwd: pwd!,
          rePwd: rePwd!,
          captcha: '1',
        })
      ).code,
    ).toBe(500007);
    const [p2, r2] = await seal('qwerty123', 'qwerty123');
    expect(
      (
        await post('/passport/web/reg/by/tel', {
          cid: '66',
          tel: '812000001',
          code: '123456',
          nickName: 'Common1',
          pwd: p2!,
          repeatPwd: r2!,
        })
      ).code,
    ).toBe(-623);
  });

  it('at the resets: by SMS code (-623), by e-mail code (500007), by e-mail link (500007)', async () => {
    const [p1, r1] = await seal('iloveyou', 'iloveyou');
    expect(
      (
        await post('/passport/web/reset/pwd', {
          cid: '66',
          tel: '812000002',
          code: '1',
          pwd: p1!,
          repeatPwd: r1!,
        })
      ).code,
    ).toBe(-623);
    const [p2, r2] = await seal('iloveyou', 'iloveyou');
    expect(
      (await post('/passport/web/reset/pwd', { user: 'c2@example.com', captcha: '1', pwd: p2!, rePwd: r2! }))
        .code,
    ).toBe(500007);

    await member('1');
    const link = await post('/passport/web/email/gk/mail.send', {
      email: 'pw-1@example.com',
      email_type: 'reset',
      captcha: 'pass',
      img_token: String((await post('/passport/web/captcha/img/captcha', {})).data!.img_token),
    });
    expect(link.code).toBe(0);
    const [mail] = await outbox.latest(t.db, { recipient: 'pw-1@example.com', limit: 1 });
    const url = new URL(mail!.body.match(/https?:\/\/\S+/)![0]);
    const email_ticket = url.searchParams.get('email_ticket')!;
    await post('/passport/web/email/mail.check', {
      email_ticket,
      email: 'pw-1@example.com',
      email_type: 'reset',
    });
    const [p3, r3] = await seal('sunshine', 'sunshine');
    expect(
      (await post('/passport/web/email/reset.email', { email_ticket, pwd: p3!, re_pwd: r3! })).code,
    ).toBe(500007);
  });

  it('at the member changes: with the old password (500007), with an SMS code (-623), with an e-mail code (500007)', async () => {
    const who = await member('2');
    const [old, next, again] = await seal('Keeper2024', 'football1', 'football1');
    expect(
      await asMember(who, '/passport/web/email/change.password', {
        old_pwd: old!,
        new_pwd: next!,
        re_pwd: again!,
      }),
    ).toMatchObject({ code: 500007 });
    const smsCode = await codeTo(who, 'sms', '2');
    const [p2, r2] = await seal('football1', 'football1');
    expect(
      await asMember(who, '/passport/web/user/change/pwd', { code: smsCode, pwd: p2!, repeatPwd: r2! }),
    ).toMatchObject({ code: -623 });
    const emailCode = await codeTo(who, 'email', '2');
    const [p3, r3] = await seal('football1', 'football1');
    expect(
      await asMember(who, '/passport/web/user/pwd/update', { captcha: emailCode, pwd: p3!, rePwd: r3! }),
    ).toMatchObject({ code: 500007 });
  });

  it('for staff: a new account (500007) and one’s own change (500007)', async () => {
    const admin = await loginTestStaff(t.db, {
      privileges: ['staff.accounts'],
      password: 'Staff pass 2024 x',
    });
    const json = async (path: string, body: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `${path}?ct=${admin.ct}`,
          payload: body,
          cookies: admin.cookies,
        })
      ).json() as { code: number };
    expect(
      await json(fullPath(staffAccountAdd), {
        account_id: 'common.agent',
        account_name: 'Common Agent',
        account_pwd: 'password123',
      }),
    ).toMatchObject({ code: 500007 });
    expect(
      await json(fullPath(staffAccountPassword), {
        old_pwd: 'Staff pass 2024 x',
        new_pwd: 'Password123',
        re_pwd: 'Password123',
      }),
    ).toMatchObject({ code: 500007 });
  });
});

describe('changing the password with a code, the old one forgotten', () => {
  it('by SMS code: no old password, the new one set, the rules kept (-702 without a code, -605 unchanged)', async () => {
    const who = await member('3');
    const [n0, a0] = await seal('Fresh2025a', 'Fresh2025a');
    expect(await asMember(who, '/passport/web/user/change/pwd', { pwd: n0!, repeatPwd: a0! })).toMatchObject({
      code: -702,
    });
    const code = await codeTo(who, 'sms', '3');
    const [same, sameAgain] = await seal('Keeper2024', 'Keeper2024');
    expect(
      await asMember(who, '/passport/web/user/change/pwd', { code, pwd: same!, repeatPwd: sameAgain! }),
    ).toMatchObject({ code: -605 });
    const [wrongNext, wrongAgain] = await seal('Fresh2025a', 'Fresh2025a');
    expect(
      await asMember(who, '/passport/web/user/change/pwd', {
        code: code === '000000' ? '111111' : '000000',
        pwd: wrongNext!,
        repeatPwd: wrongAgain!,
      }),
    ).toMatchObject({ code: -704 });
    const [next, again] = await seal('Fresh2025a', 'Fresh2025a');
    expect(
      await asMember(who, '/passport/web/user/change/pwd', { code, pwd: next!, repeatPwd: again! }),
    ).toMatchObject({ code: 0 });
    expect(await login('66810000003', 'Keeper2024')).toBe(-645);
    expect(await login('66810000003', 'Fresh2025a')).toBe(0);
  });

  it('by e-mail code: no old password, the new one set', async () => {
    const who = await member('4');
    const code = await codeTo(who, 'email', '4');
    await backdateCodes(t.db, 'pw-4@example.com');
    const [next, again] = await seal('Fresh2025b', 'Fresh2025b');
    expect(
      await asMember(who, '/passport/web/user/pwd/update', { captcha: code, pwd: next!, rePwd: again! }),
    ).toMatchObject({ code: 0 });
    expect(await login('pw-4@example.com', 'Fresh2025b')).toBe(0);
  });
});
