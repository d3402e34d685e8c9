/**
 * Members' passkeys with a software authenticator: adding one needs a session and the password; a login with
 * one names no account, answers every refusal alike and opens a session as a password login does; challenges
 * work once and for 5 minutes; a counter that goes back is refused; a passkey proves the owner of its own
 * account only (contact changes, removal); a removed passkey logs nobody in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberDevice } from '../../db/schema/member.schema.ts';
import { memberPasskey, webauthnChallenge } from '../../db/schema/webauthn.schema.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { backdateCodes, captchaTicket, latestCode, sealPasswords } from '../../../test/passport-steps.ts';
import { outbox } from '../messaging/index.ts';
import { MemberRepository } from './member.repository.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';
import { PasswordHasher, testCost } from '../sessions/index.ts';

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' }, { now: clock.now });
  origin = t.app.env.PASSPORT_ORIGIN;
});
afterAll(() => t.close());

type Json = { code: number; message: string; data: Record<string, unknown> | null };
/** A browser: its cookie jar and its address. */
interface Browser {
  jar: Record<string, string>;
  ip: string;
}
let ipSerial = 0;
const browser = (): Browser => ({ jar: {}, ip: `198.51.100.${++ipSerial}` });

/** A call as the passport pages send it: JSON (the passkey calls) or a form, `ct` from the jar. */
async function call(b: Browser, url: string, body: Record<string, unknown> = {}, form = false) {
  const ct = b.jar[csrfCookie];
  const res = await t.app.inject({
    method: 'POST',
    url: form ? url : `${url}${ct ? `?ct=${ct}` : ''}`,
    ...(form
      ? {
          payload: new URLSearchParams({
            ...(body as Record<string, string>),
            ...(ct ? { ct } : {}),
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : { payload: body }),
    cookies: b.jar,
    remoteAddress: b.ip,
  });
  for (const c of res.cookies) b.jar[c.name] = c.value;
  return res.json() as Json;
}
const list = async (b: Browser) => {
  const res = await t.app.inject({
    url: `/passport/web/user/passkeys?ct=${b.jar[csrfCookie]}`,
    cookies: b.jar,
    remoteAddress: b.ip,
  });
  return (res.json() as Json).data?.list as { id: number; name: string; last_used_at: string | null }[];
};

let serial = 0;
/** A member with a password and an e-mail, logged in on a browser of their own through the password login. */
async function member() {
  serial += 1;
  const email = `passkey-${serial}@example.com`;
  const row = await new MemberRepository(t.db).create({
    userId: email,
    email,
    nickName: `passkey_${serial}`,
    passwordHash: await new PasswordHasher(testCost).hash('Secret123'),
  });
  const b = browser();
  const [pwd] = await sealPasswords(t.app, 'Secret123');
  const login = await call(
    b,
    '/passport/web/login',
    { user: email, pwd: pwd!, captcha: await captchaTicket(t.app, b.ip) },
    true,
  );
  expect(login.code).toBe(0);
  return { ...row, email, browser: b };
}
const sealed = async (password = 'Secret123') => (await sealPasswords(t.app, password))[0]!;

/** Adds a passkey of `key` named `name` on the member's browser. */
async function addPasskey(b: Browser, key: SoftwareAuthenticator, name = 'My phone') {
  const options = await call(b, '/passport/web/user/passkeys/options', { pwd: await sealed() });
  expect(options.code).toBe(0);
  const added = await call(b, '/passport/web/user/passkeys/add', {
    name,
    response: key.register(options.data!, origin),
  });
  expect(added.code).toBe(0);
  return added.data as { id: number };
}

/** A passkey login on `b`: fresh options, the key's answer (with `counter`). */
async function passkeyLogin(b: Browser, key: SoftwareAuthenticator, counter = 0, extra: object = {}) {
  const options = await call(b, '/passport/web/passkey/login/options');
  expect(options.code).toBe(0);
  const response = key.authenticate(options.data!, origin, counter);
  return { answer: await call(b, '/passport/web/passkey/login', { response, ...extra }), response };
}

describe('adding a passkey', () => {
  it('needs a session and the current password; the challenge works once', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    // No session: nothing.
    expect((await call(browser(), '/passport/web/user/passkeys/options', { pwd: await sealed() })).code).toBe(
      -101,
    );
    // A session alone (a stolen one): no options without the password, nor with a wrong one.
    expect((await call(m.browser, '/passport/web/user/passkeys/options', {})).code).toBe(-400);
    expect(
      (await call(m.browser, '/passport/web/user/passkeys/options', { pwd: await sealed('Wrong9999') })).code,
    ).toBe(510008);

    const options = await call(m.browser, '/passport/web/user/passkeys/options', { pwd: await sealed() });
    expect(options.data).toMatchObject({
      rp: { id: new URL(origin).hostname },
      user: { name: m.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // Another site's answer (a phishing page) is refused, and spends the challenge.
    const phished = await call(m.browser, '/passport/web/user/passkeys/add', {
      name: 'Phone',
      response: key.register(options.data!, 'https://passport.example.evil'),
    });
    expect(phished.code).toBe(-720);
    expect(
      (
        await call(m.browser, '/passport/web/user/passkeys/add', {
          name: 'Phone',
          response: key.register(options.data!, origin),
        })
      ).code,
    ).toBe(-720);

    const fresh = await call(m.browser, '/passport/web/user/passkeys/options', { pwd: await sealed() });
    const response = key.register(fresh.data!, origin);
    const added = await call(m.browser, '/passport/web/user/passkeys/add', { name: 'Phone', response });
    expect(added).toMatchObject({ code: 0, data: { name: 'Phone', last_used_at: null } });
    // The same answer again: its challenge is gone.
    expect((await call(m.browser, '/passport/web/user/passkeys/add', { name: 'Phone', response })).code).toBe(
      -720,
    );
    expect(await list(m.browser)).toEqual([expect.objectContaining({ name: 'Phone' })]);
    // Another member's session cannot use this member's challenge.
    const other = await member();
    const mine = await call(m.browser, '/passport/web/user/passkeys/options', { pwd: await sealed() });
    expect(
      (
        await call(other.browser, '/passport/web/user/passkeys/add', {
          name: 'Stolen',
          response: new SoftwareAuthenticator().register(mine.data!, origin),
        })
      ).code,
    ).toBe(-720);
  });

  it('a registration challenge lives 5 minutes', async () => {
    const m = await member();
    const options = await call(m.browser, '/passport/web/user/passkeys/options', { pwd: await sealed() });
    clock.advance(5 * 60_000 + 1);
    const late = await call(m.browser, '/passport/web/user/passkeys/add', {
      name: 'Late',
      response: new SoftwareAuthenticator().register(options.data!, origin),
    });
    expect(late.code).toBe(-720);
  });
});

describe('logging in with a passkey', () => {
  it('names no account and signs in as a password login does: session, new-device notice, gourl', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    await addPasskey(m.browser, key);

    const phone = browser();
    const options = await call(phone, '/passport/web/passkey/login/options');
    // Discoverable: the options name no passkey, so they tell nothing about any account.
    expect(options.data).toMatchObject({ rpId: new URL(origin).hostname, userVerification: 'required' });
    expect(options.data!.allowCredentials).toBeUndefined();
    const mailsBefore = (await outbox.latest(t.db, { recipient: m.email, limit: 50 })).length;
    const signedIn = await call(phone, '/passport/web/passkey/login', {
      response: key.authenticate(options.data!, origin),
      gourl: 'https://elsewhere.example/steal',
    });
    expect(signedIn).toMatchObject({
      code: 0,
      data: { mid: m.mid, bind_email: expect.any(String), gourl: expect.stringMatching(/^http/) },
    });
    expect(String(signedIn.data!.gourl)).not.toContain('elsewhere.example');
    expect(phone.jar[sessionCookie]).toBeTruthy();
    expect(phone.jar[csrfCookie]).toBeTruthy();
    expect((await list(phone))[0]!.last_used_at).toBe(clock.now().toISOString());
    // A browser the member had not logged in from: remembered, and the member is told by e-mail.
    expect(await t.db.select().from(memberDevice).where(eq(memberDevice.mid, m.mid))).toHaveLength(2);
    const mails = await outbox.latest(t.db, { recipient: m.email, limit: 50 });
    expect(mails.length).toBe(mailsBefore + 1);

    // The same answer again: its challenge is spent.
    const replay = await call(browser(), '/passport/web/passkey/login', {
      response: key.authenticate(options.data!, origin),
    });
    expect(replay.code).toBe(-720);
  });

  it('answers an unknown passkey exactly as a forged signature of a known one, and opens no session', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    await addPasskey(m.browser, key);
    const stranger = browser();
    const unknown = await passkeyLogin(stranger, new SoftwareAuthenticator());
    // A forged answer naming the member's credential (signed by another key).
    const options = await call(stranger, '/passport/web/passkey/login/options');
    const forged = {
      ...new SoftwareAuthenticator().authenticate(options.data!, origin),
      id: key.credentialId,
      rawId: key.credentialId,
    };
    const bad = await call(stranger, '/passport/web/passkey/login', { response: forged });
    expect(unknown.answer.code).toBe(-720);
    expect(bad).toEqual({ ...unknown.answer, data: null });
    expect(stranger.jar[sessionCookie]).toBeUndefined();
  });

  it('refuses a signature counter that did not move on (a cloned authenticator, a replay)', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    await addPasskey(m.browser, key);
    expect((await passkeyLogin(browser(), key, 5)).answer.code).toBe(0);
    expect((await passkeyLogin(browser(), key, 5)).answer.code).toBe(-720);
    expect((await passkeyLogin(browser(), key, 4)).answer.code).toBe(-720);
    expect((await passkeyLogin(browser(), key, 6)).answer.code).toBe(0);
    const [row] = await t.db.select().from(memberPasskey).where(eq(memberPasskey.mid, m.mid));
    expect(row!.counter).toBe(6);
  });

  it('a login challenge works once, for 5 minutes, and expired ones are cleared', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    await addPasskey(m.browser, key);
    const b = browser();
    const options = await call(b, '/passport/web/passkey/login/options');
    clock.advance(5 * 60_000 + 1);
    expect(
      (await call(b, '/passport/web/passkey/login', { response: key.authenticate(options.data!, origin) }))
        .code,
    ).toBe(-720);
    // Making new options removed the expired challenge.
    await call(b, '/passport/web/passkey/login/options');
    const left = await t.db
      .select()
      .from(webauthnChallenge)
      .where(eq(webauthnChallenge.challenge, String(options.data!.challenge)));
    expect(left).toEqual([]);
    // Of parallel answers to one challenge, exactly one signs in.
    const once = await call(b, '/passport/web/passkey/login/options');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(browser(), '/passport/web/passkey/login', { response: key.authenticate(once.data!, origin) }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
  });

  it('wrong passwords for the account never stop its passkey login', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    await addPasskey(m.browser, key);
    for (let i = 0; i < 8; i++) {
      const b = browser();
      const [pwd] = await sealPasswords(t.app, 'Wrong9999');
      const wrong = await call(
        b,
        '/passport/web/login',
        { user: m.email, pwd: pwd!, captcha: await captchaTicket(t.app, b.ip) },
        true,
      );
      expect(wrong.code).toBe(500002);
      // Throughout, before and after the password login's soft lock, the passkey signs in at once.
      expect((await passkeyLogin(browser(), key, i + 1)).answer.code).toBe(0);
    }
  });
});

describe('a passkey as the proof of the owner', () => {
  /** A proof with `key` answering the proof options of `b`'s member, as the binding form sends it (JSON text). */
  async function proofWith(b: Browser, key: SoftwareAuthenticator) {
    const options = await call(b, '/passport/web/user/passkeys/proof/options');
    expect(options.code).toBe(0);
    return key.authenticate(options.data!, origin);
  }

  it('binds a new e-mail with the member’s own passkey, never with another member’s', async () => {
    const owner = await member();
    const ownKey = new SoftwareAuthenticator();
    await addPasskey(owner.browser, ownKey);
    const other = await member();
    const otherKey = new SoftwareAuthenticator();
    await addPasskey(other.browser, otherKey);

    const target = `moved-${owner.mid}@example.com`;
    await backdateCodes(t.db, target);
    const sent = await call(
      owner.browser,
      '/passport/web/captcha/auth/send',
      { user: target, type: 'bind', captcha: await captchaTicket(t.app, owner.browser.ip, 'account') },
      true,
    );
    expect(sent.code).toBe(0);
    const newCode = await latestCode(t.db, target);
    await backdateCodes(t.db, owner.email);
    await call(
      owner.browser,
      '/passport/web/captcha/auth/send',
      { user: owner.email, type: 'old', captcha: await captchaTicket(t.app, owner.browser.ip, 'account') },
      true,
    );
    const oldCode = await latestCode(t.db, owner.email);
    const bind = (passkey: unknown) =>
      call(
        owner.browser,
        '/passport/web/user/email/bind',
        { user: target, captcha: newCode, oldCaptcha: oldCode, passkey: JSON.stringify(passkey) },
        true,
      );

    // Another member's passkey, answering this member's options: no proof.
    expect((await bind(await proofWith(owner.browser, otherKey))).code).toBe(-720);
    // Another member's passkey answering its own member's options: the challenge is not this member's.
    expect((await bind(await proofWith(other.browser, otherKey))).code).toBe(-720);
    // Something that is not an answer at all.
    expect(
      (
        await call(
          owner.browser,
          '/passport/web/user/email/bind',
          { user: target, captcha: newCode, passkey: '{' },
          true,
        )
      ).code,
    ).toBe(-400);
    const proof = await proofWith(owner.browser, ownKey);
    expect(await bind(proof)).toMatchObject({ code: 0, data: { mid: owner.mid } });
    expect((await new MemberRepository(t.db).byMid(owner.mid))!.email).toBe(target);
  });

  it('removes a passkey with the password or a passkey, only the member’s own; a removed one logs nobody in', async () => {
    const m = await member();
    const key = new SoftwareAuthenticator();
    const second = new SoftwareAuthenticator();
    const { id } = await addPasskey(m.browser, key, 'Laptop');
    const { id: secondId } = await addPasskey(m.browser, second, 'Tablet');
    const other = await member();

    expect(
      (await call(m.browser, '/passport/web/user/passkeys/rename', { id, name: 'Old laptop' })).code,
    ).toBe(0);
    expect((await call(other.browser, '/passport/web/user/passkeys/rename', { id, name: 'Mine' })).code).toBe(
      -404,
    );
    expect((await call(m.browser, '/passport/web/user/passkeys/remove', { id })).code).toBe(-600);
    expect(
      (await call(m.browser, '/passport/web/user/passkeys/remove', { id, pwd: await sealed('Wrong9999') }))
        .code,
    ).toBe(510008);
    expect(
      (await call(other.browser, '/passport/web/user/passkeys/remove', { id, pwd: await sealed() })).code,
    ).toBe(-404);
    expect(
      (await call(m.browser, '/passport/web/user/passkeys/remove', { id, pwd: await sealed() })).code,
    ).toBe(0);
    expect((await passkeyLogin(browser(), key)).answer.code).toBe(-720);

    // With a passkey's proof (here the one being removed).
    const proof = await proofWith(m.browser, second);
    const removed = await call(m.browser, '/passport/web/user/passkeys/remove', {
      id: secondId,
      passkey: proof,
    });
    expect(removed.code).toBe(0);
    // A proof works once.
    expect(
      (await call(m.browser, '/passport/web/user/passkeys/remove', { id: secondId, passkey: proof })).code,
    ).toBe(-720);
    expect(await list(m.browser)).toEqual([]);
    // With none left, there is nothing to prove with.
    expect((await call(m.browser, '/passport/web/user/passkeys/proof/options')).code).toBe(-720);
  });
});
