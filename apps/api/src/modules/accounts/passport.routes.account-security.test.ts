/**
 * Account changes need the owner: a new e-mail or phone needs the current password and the old address's
 * code, tells the old address and ends the other sessions; the member sees and ends only their own sessions;
 * a login from a browser new to the member e-mails them once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import thMessages from '@gp/i18n/locales/th/messages.json' with { type: 'json' };
import { createTestApp } from '../../../test/test-app.ts';
import { backdateCodes, captchaTicket, latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { outbox } from '../messaging/index.ts';
import { MemberRepository } from './member.repository.ts';
import { csrfCookie, deviceCookie, sessionCookie } from './member-auth.ts';
import { PasswordHasher, testCost } from '../sessions/index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());

const chromeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Json = { code: number; message: string; data: Record<string, unknown> | null };
/** A browser: its cookie jar (session, CSRF and device cookies), its user agent and its address. */
interface Browser {
  jar: Record<string, string>;
  agent: string;
  ip: string;
}
const browser = (agent = chromeWindows, ip = '203.0.113.77'): Browser => ({ jar: {}, agent, ip });

async function call(b: Browser, method: 'GET' | 'POST', url: string, form: Record<string, string> = {}) {
  const params = new URLSearchParams(b.jar[csrfCookie] ? { ...form, ct: b.jar[csrfCookie] } : form);
  const res = await t.app.inject({
    method,
    url: method === 'GET' ? `${url}?${params}` : url,
    ...(method === 'POST'
      ? { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : {}),
    headers: {
      'user-agent': b.agent,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    cookies: b.jar,
    remoteAddress: b.ip,
  });
  for (const c of res.cookies) b.jar[c.name] = c.value;
  return res.json() as Json;
}

let serial = 0;
/** A member with a password (and the e-mail or phone given), made directly. */
async function makeMember(contact: { email?: string; phone?: string }, lang = 'en') {
  serial += 1;
  return new MemberRepository(t.db).create({
    userId: contact.email ?? contact.phone!,
    nickName: `secure_${serial}`,
    ...contact,
    lang,
    passwordHash: await new PasswordHasher(testCost).hash('Secret123'),
  });
}

async function login(b: Browser, user: string, password = 'Secret123') {
  const [pwd] = await sealPasswords(t.app, password);
  const answer = await call(b, 'POST', '/passport/web/login', {
    user,
    pwd: pwd!,
    captcha: await captchaTicket(t.app),
  });
  expect(answer.code).toBe(0);
}

const proof = async (password = 'Secret123') => (await sealPasswords(t.app, password))[0]!;
const mailTo = (recipient: string) => outbox.latest(t.db, { recipient, limit: 50 });
const stillIn = async (b: Browser) => (await call(b, 'GET', '/passport/web/user/info')).code;

async function sendBindEmailCode(b: Browser, user: string, type: 'bind' | 'old') {
  await backdateCodes(t.db, user);
  const answer = await call(b, 'POST', '/passport/web/captcha/auth/send', {
    user,
    type,
    captcha: await captchaTicket(t.app, '127.0.0.1', 'account'),
  });
  expect(answer.code).toBe(0);
  return latestCode(t.db, user);
}

describe('changing the e-mail', () => {
  it('needs the password and the old address code, tells the old address, ends the other sessions', async () => {
    const m = await makeMember({ email: 'owner@example.com' }, 'th');
    const laptop = browser();
    const phone = browser(safariIphone, '198.51.100.9');
    await login(laptop, 'owner@example.com');
    await login(phone, 'owner@example.com');
    const bind = (form: Record<string, string>) =>
      call(laptop, 'POST', '/passport/web/user/email/bind', { user: 'new-owner@example.com', ...form });

    const newCode = await sendBindEmailCode(laptop, 'new-owner@example.com', 'bind');
    // A stolen session alone: no password, no change.
    expect((await bind({ captcha: newCode })).code).toBe(-600);
    expect((await bind({ captcha: newCode, pwd: await proof('Wrong9999') })).code).toBe(510008);
    // The password, but nothing from the old address.
    expect((await bind({ captcha: newCode, pwd: await proof() })).code).toBe(510014);
    const oldCode = await sendBindEmailCode(laptop, 'owner@example.com', 'old');
    const wrongOld = oldCode === '000000' ? '111111' : '000000';
    expect((await bind({ captcha: newCode, pwd: await proof(), oldCaptcha: wrongOld })).code).toBe(510006);
    expect(await stillIn(phone)).toBe(0);
    const before = (await mailTo('owner@example.com')).length;

    const changed = await bind({ captcha: newCode, pwd: await proof(), oldCaptcha: oldCode });
    expect(changed).toMatchObject({ code: 0, data: { mid: m.mid, bind_email: 'n***r@example.com' } });

    // The old address is told, in the member's language, where to turn if it was not them.
    const [notice, ...older] = await mailTo('owner@example.com');
    expect(older).toHaveLength(before);
    expect(notice).toMatchObject({ channel: 'email', lang: 'th' });
    expect(notice!.subject).toBe(thMessages.accountSecurity.emailChanged.subject);
    expect(notice!.body).toContain('n***r@example.com');
    expect(notice!.body).toContain('/service');
    // Every other session ended; this one goes on.
    expect(await stillIn(phone)).toBe(-101);
    expect(await stillIn(laptop)).toBe(0);
  });

  it('binding a first e-mail needs the password and tells the bound phone by SMS', async () => {
    await makeMember({ phone: '66812345678' });
    const b = browser();
    const other = browser(safariIphone);
    // The phone member logs in through the game login (the web login takes e-mails and phones alike).
    await login(b, '66812345678');
    await login(other, '66812345678');
    const code = await sendBindEmailCode(b, 'first@example.com', 'bind');
    expect(
      (await call(b, 'POST', '/passport/web/user/email/bind', { user: 'first@example.com', captcha: code }))
        .code,
    ).toBe(-600);
    const bound = await call(b, 'POST', '/passport/web/user/email/bind', {
      user: 'first@example.com',
      captcha: code,
      pwd: await proof(),
    });
    expect(bound.code).toBe(0);
    const [sms] = await mailTo('66812345678');
    expect(sms).toMatchObject({ channel: 'sms', lang: 'en' });
    expect(sms!.body).toContain("Your account's e-mail was just changed");
    expect(await stillIn(other)).toBe(-101);
  });
});

describe('changing the phone', () => {
  it('needs the password, tells the old number and the bound e-mail, ends the other sessions', async () => {
    await makeMember({ phone: '66899999999', email: 'phoney@example.com' });
    const b = browser();
    const other = browser(safariIphone);
    await login(b, 'phoney@example.com');
    await login(other, 'phoney@example.com');
    const sms = async (tel: string, type: 'bind' | 'old') => {
      await backdateCodes(t.db, `66${tel}`);
      const answer = await call(b, 'POST', '/passport/web/sms/send', {
        cid: '66',
        tel,
        type,
        captcha: await captchaTicket(t.app, '127.0.0.1', 'account'),
      });
      expect(answer.code).toBe(0);
      return latestCode(t.db, `66${tel}`);
    };
    const oldCode = await sms('899999999', 'old');
    const code = await sms('877777777', 'bind');
    const change = (form: Record<string, string>) =>
      call(b, 'POST', '/passport/web/user/handle/tel', {
        cid: '66',
        tel: '877777777',
        code,
        oldCode,
        ...form,
      });
    expect((await change({})).code).toBe(-600);
    expect((await change({ pwd: await proof('Wrong9999') })).code).toBe(-604);
    expect(await stillIn(other)).toBe(0);
    expect((await change({ pwd: await proof() })).code).toBe(0);
    const [text] = await mailTo('66899999999');
    expect(text!.body).toContain("Your account's phone number was just changed");
    const [mail] = await mailTo('phoney@example.com');
    expect(mail!.subject).toBe('The phone number of your JoyPeak Games account was changed');
    expect(mail!.body).toContain('66******777');
    expect(await stillIn(other)).toBe(-101);
    expect(await stillIn(b)).toBe(0);
  });
});

describe('the session list', () => {
  it('shows and ends only the member’s own sessions', async () => {
    await makeMember({ email: 'alice@example.com' });
    await makeMember({ email: 'bob@example.com' });
    const alice = browser(chromeWindows, '203.0.113.77');
    const alicePhone = browser(safariIphone, '2001:db8:85a3::8a2e:370:7334');
    const bob = browser();
    await login(alice, 'alice@example.com');
    await login(alicePhone, 'alice@example.com');
    await login(bob, 'bob@example.com');

    const list = async (b: Browser) =>
      (await call(b, 'GET', '/passport/web/user/sessions')).data!.list as Array<Record<string, unknown>>;
    const mine = await list(alice);
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          browser: 'Chrome',
          os: 'Windows',
          mobile: false,
          ip_masked: '203.0.*.*',
          current: true,
        }),
        expect.objectContaining({
          browser: 'Safari',
          os: 'iOS',
          mobile: true,
          ip_masked: '2001:db8:85a3:*',
          current: false,
        }),
      ]),
    );
    const [bobs] = await list(bob);
    expect(bobs).toMatchObject({ current: true });
    expect(mine.map((s) => s.id)).not.toContain(bobs!.id);

    // Alice cannot end Bob's session: it answers like one that does not exist.
    expect(
      (await call(alice, 'POST', '/passport/web/user/sessions/end', { id: String(bobs!.id) })).code,
    ).toBe(-404);
    expect(await stillIn(bob)).toBe(0);
    // Nor can anyone without a session.
    expect(
      (await call(browser(), 'POST', '/passport/web/user/sessions/end', { id: String(bobs!.id) })).code,
    ).toBe(-101);

    const phoneSession = mine.find((s) => !s.current)!;
    expect(
      (await call(alice, 'POST', '/passport/web/user/sessions/end', { id: String(phoneSession.id) })).code,
    ).toBe(0);
    expect(await stillIn(alicePhone)).toBe(-101);
    expect(await list(alice)).toHaveLength(1);
  });

  it('signs out everywhere else, and nowhere for anyone else', async () => {
    await makeMember({ email: 'carol@example.com' });
    await makeMember({ email: 'dave@example.com' });
    const carol = [browser(), browser(safariIphone), browser()];
    for (const b of carol) await login(b, 'carol@example.com');
    const dave = browser();
    await login(dave, 'dave@example.com');
    expect((await call(carol[0]!, 'POST', '/passport/web/user/sessions/end_others')).code).toBe(0);
    expect(await Promise.all(carol.map(stillIn))).toEqual([0, -101, -101]);
    expect(await stillIn(dave)).toBe(0);
  });
});

describe('the new-device notice', () => {
  const noticesTo = async (email: string) =>
    (await mailTo(email)).filter((m) => m.subject === 'New login to your JoyPeak Games account');

  it('e-mails once per new browser, never for the first one or a known one', async () => {
    await makeMember({ email: 'erin@example.com' });
    const first = browser();
    await login(first, 'erin@example.com');
    expect(first.jar[deviceCookie]).toMatch(/^[\w-]{32,64}$/);
    expect(await noticesTo('erin@example.com')).toHaveLength(0);

    // The same browser again (it keeps its device cookie, not its session): known, no notice.
    delete first.jar[sessionCookie];
    await login(first, 'erin@example.com');
    expect(await noticesTo('erin@example.com')).toHaveLength(0);

    const stranger = browser(safariIphone, '198.51.100.9');
    await login(stranger, 'erin@example.com');
    const [notice] = await noticesTo('erin@example.com');
    expect(notice!.body).toContain('Safari, iOS');
    expect(notice!.body).toContain('198.51.*.*');
    expect(notice!.body).toContain('/account');
    await login(stranger, 'erin@example.com');
    expect(await noticesTo('erin@example.com')).toHaveLength(1);

    // A device cookie another member's browser got is new to this member, and the cookie is not forgeable into
    // a notice-free login: an invented value counts as a new browser.
    const forged = browser();
    forged.jar[deviceCookie] = 'x'.repeat(40);
    await login(forged, 'erin@example.com');
    expect(await noticesTo('erin@example.com')).toHaveLength(2);
  });
});
