/**
 * The staff second factor: enrolment (authenticator app by QR code, passkeys), recovery codes, the login's
 * second step and what a pending login may do, the attempt limit, the administrator's reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { staffAuditLog, staffRecoveryCode, staffTotp } from '../../db/schema/staff.schema.ts';
import { buildApp } from '../../app.ts';
import { developmentParts } from '../../dev/development-parts.ts';
import { parseEnv } from '../../config/env.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import {
  cookiesOf,
  createTestStaff,
  loginTestStaff,
  loginThroughApi,
  passkeyStep,
  staffGet,
  staffPost,
  staffTestEnv,
  type TestStaff,
} from '../../../test/staff-session.ts';
import { RecoveryCodeHmac } from './recovery-code.hmac.ts';
import { staffPendingCookie, staffSessionCookie } from './staff-auth.ts';

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ ...staffTestEnv }, { now: clock.now });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The code an authenticator app shows for `secret`, `offsetMs` from the app clock's now. */
const codeAt = (secret: string, offsetMs = 0) =>
  generateSync({ secret, epoch: Math.floor((clock.now().getTime() + offsetMs) / 1000) });

async function auditRows(action: string, targetId: string) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)));
}

/** A fresh account without a second factor, logged in through the real calls (it gets a session). */
async function newcomer(privileges: Parameters<typeof createTestStaff>[1] = {}) {
  const account = await createTestStaff(t.db, {
    privileges: ['tickets.read'],
    secondFactor: false,
    ...privileges,
  });
  const login = await loginThroughApi(t.app, account.accountId, account.password, { ip: freshIp() });
  expect(login.body).toMatchObject({ code: 0, data: { second_factor: 0 } });
  // The first enrolment asks for the password again (there is no factor to prove yet).
  await stepUp(login.session, account.password);
  return { ...account, session: login.session };
}

/** A step-up on a session: the password and, for an account with a factor, one of its factors. */
async function stepUp(
  session: Pick<TestStaff, 'ct' | 'cookies'>,
  password: string,
  factor: { totp?: string; recovery_code?: string } = {},
) {
  const res = await staffPost(t.app, session, '/csmng/second_factor/reauth', { password, ...factor });
  expect(res.json()).toMatchObject({ code: 0 });
}

/** Enrols an authenticator app on a session: answers its secret and the recovery codes. */
async function enrolTotp(session: Pick<TestStaff, 'ct' | 'cookies'>) {
  const started = (await staffPost(t.app, session, '/csmng/second_factor/totp/start', {})).json();
  const secret = started.data.secret as string;
  const confirmed = (
    await staffPost(t.app, session, '/csmng/second_factor/totp/confirm', { code: codeAt(secret) })
  ).json();
  expect(confirmed.code).toBe(0);
  return { secret, recoveryCodes: confirmed.data.recovery_codes as string[] | null };
}

/** The password step of a login: the pending login's cookies and the answer. */
async function passwordStep(accountId: string, password: string, ip = freshIp()) {
  const first = await loginThroughApi(t.app, accountId, password, { ip, secondStep: false });
  return { body: first.body, cookies: cookiesOf(first.res), ip };
}

const post = (url: string, cookies: Record<string, string>, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, cookies, payload, remoteAddress: ip });

describe('enrolment', () => {
  it('an account without a second factor can do nothing but enrol; a QR code and a confirmed code end that', async () => {
    const member = await newcomer();
    expect((await staffGet(t.app, member.session, '/csmng/login_check')).json()).toMatchObject({
      code: 0,
      data: { second_factor: 0 },
    });
    // Before the privilege is even looked at (as for the one-time password).
    const privileged = await staffGet(t.app, member.session, '/csmng/account/list');
    expect(privileged.json().code).toBe(-40020);

    const started = (await staffPost(t.app, member.session, '/csmng/second_factor/totp/start', {})).json();
    expect(started.data).toMatchObject({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\//),
      qr: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    expect(Buffer.from(started.data.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(started.data.otpauth_url).toContain(`secret=${started.data.secret}`);

    // A wrong code does not confirm; until confirmed, the account still has no second factor.
    const wrong = await staffPost(t.app, member.session, '/csmng/second_factor/totp/confirm', {
      code: codeAt(started.data.secret, 5 * 60_000),
    });
    expect(wrong.json().code).toBe(-40021);
    expect((await staffGet(t.app, member.session, '/csmng/login_check')).json().data.second_factor).toBe(0);

    const confirmed = await staffPost(t.app, member.session, '/csmng/second_factor/totp/confirm', {
      code: codeAt(started.data.secret),
    });
    const codes = confirmed.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are stored.
    const stored = await t.db
      .select()
      .from(staffRecoveryCode)
      .where(eq(staffRecoveryCode.staffId, member.staffId));
    const hmac = new RecoveryCodeHmac(t.app.env.staffTotpKey);
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => hmac.hash(c)).sort());

    // The same session is now a full one.
    expect((await staffGet(t.app, member.session, '/csmng/login_check')).json().data.second_factor).toBe(1);
    expect(
      (
        await staffGet(t.app, member.session, '/csmng/account/detail', { account_id: member.accountId })
      ).json().code,
    ).toBe(0);
    expect(await auditRows('staff.second_factor.enrol', member.accountId)).toHaveLength(1);

    // A confirm without a new start has nothing to confirm.
    const again = await staffPost(t.app, member.session, '/csmng/second_factor/totp/confirm', {
      code: codeAt(started.data.secret, 30_000),
    });
    expect(again.json().code).toBe(-40024);
  });

  it('the forced password change comes first, then enrolment', async () => {
    const member = await loginTestStaff(t.db, {
      mustChangePassword: true,
      secondFactor: false,
      privileges: 'all',
    });
    expect((await staffGet(t.app, member, '/csmng/account/list')).json().code).toBe(-40007);
    const changed = await staffPost(t.app, member, '/csmng/account/password', {
      old_pwd: member.password,
      new_pwd: 'A new password 42',
      re_pwd: 'A new password 42',
    });
    expect(changed.json().data).toMatchObject({ must_change_password: 0, second_factor: 0 });
    expect((await staffGet(t.app, member, '/csmng/account/list')).json().code).toBe(-40020);
    await enrolTotp(member);
    expect((await staffGet(t.app, member, '/csmng/account/list')).json().code).toBe(0);
  });
});

describe('login with an authenticator app', () => {
  it('a right password opens no session: the pending login can only finish the login', async () => {
    const member = await newcomer({ privileges: 'all' });
    const { secret } = await enrolTotp(member.session);
    clock.advance(60_000);
    const step = await passwordStep(member.accountId, member.password);
    expect(step.body).toEqual({
      code: 0,
      message: 'success',
      data: { second_step: 1, methods: ['totp', 'recovery'], expires_in: 300 },
    });
    expect(step.cookies[staffSessionCookie]).toBeUndefined();
    expect(step.cookies[staffPendingCookie]).toEqual(expect.any(String));
    // Nothing else accepts it: not as a session, not with a made-up CSRF token.
    const half = { ct: 'x', cookies: { ...step.cookies, gp_staff_jct: 'x' } };
    expect((await staffGet(t.app, half, '/csmng/login_check')).json().code).toBe(-101);
    expect((await staffGet(t.app, half, '/csmng/account/list')).json().code).toBe(-101);
    expect((await staffPost(t.app, half, '/csmng/second_factor/totp/start', {})).json().code).toBe(-101);

    const done = await post('/csmng/login/totp', step.cookies, { code: codeAt(secret) }, step.ip);
    expect(done.json()).toMatchObject({ code: 0, data: { account_id: member.accountId, second_factor: 1 } });
    const session = cookiesOf(done);
    expect(session[staffSessionCookie]).toEqual(expect.any(String));
    expect(session[staffPendingCookie]).toBe(''); // cleared
    const full = { ct: session.gp_staff_jct!, cookies: session };
    expect((await staffGet(t.app, full, '/csmng/account/list')).json().code).toBe(0);
    const [row] = (await auditRows('staff.login', member.accountId)).slice(-1);
    expect(row?.after).toEqual({ second_factor: 'totp' });
    // The pending login is spent.
    expect(
      (await post('/csmng/login/totp', step.cookies, { code: codeAt(secret, 30_000) })).json().code,
    ).toBe(-40022);
  });

  it('accepts the step before and after (clock drift), refuses older ones and any code used before', async () => {
    const member = await newcomer();
    const { secret } = await enrolTotp(member.session);
    const tryCode = async (code: string) => {
      const step = await passwordStep(member.accountId, member.password);
      return (await post('/csmng/login/totp', step.cookies, { code }, step.ip)).json().code as number;
    };
    clock.advance(120_000);
    expect(await tryCode(codeAt(secret, -60_000))).toBe(-40021); // two steps old
    expect(await tryCode(codeAt(secret, -30_000))).toBe(0); // one step old
    const now = codeAt(secret);
    expect(await tryCode(now)).toBe(0);
    expect(await tryCode(now)).toBe(-40021); // replay
    expect(await tryCode(codeAt(secret, -30_000))).toBe(-40021); // older than the last used
    expect(await tryCode(codeAt(secret, 30_000))).toBe(0); // the phone's clock is a step ahead
    clock.advance(60_000);
    expect(await tryCode(`${codeAt(secret).slice(0, 3)} ${codeAt(secret).slice(3)}`)).toBe(0);
  });

  it('the second step lasts five minutes', async () => {
    const member = await newcomer();
    const { secret } = await enrolTotp(member.session);
    const step = await passwordStep(member.accountId, member.password);
    clock.advance(5 * 60_000 + 1);
    expect((await post('/csmng/login/totp', step.cookies, { code: codeAt(secret) })).json().code).toBe(
      -40022,
    );
    expect((await post('/csmng/login/totp', {}, { code: codeAt(secret) })).json().code).toBe(-40022);
  });

  it('of 50 simultaneous wrong codes exactly 5 are tried; then the account is locked, a new password login or not', async () => {
    const member = await newcomer();
    const { secret } = await enrolTotp(member.session);
    clock.advance(60_000);
    const step = await passwordStep(member.accountId, member.password);
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/csmng/login/totp', step.cookies, { code: wrong })),
    );
    const found = answers.map((a) => a.json().code as number);
    expect(found.filter((c) => c === -40021)).toHaveLength(4);
    expect(found.filter((c) => c === 500004)).toHaveLength(46);
    const failed = await auditRows('staff.login_failed', member.accountId);
    expect(failed.filter((r) => r.after?.reason === 'second_factor')).toHaveLength(5);
    // Knowing the password does not buy more tries.
    const again = await passwordStep(member.accountId, member.password);
    expect((await post('/csmng/login/totp', again.cookies, { code: codeAt(secret) })).json().code).toBe(
      500004,
    );
    clock.advance(31 * 60_000);
    const later = await passwordStep(member.accountId, member.password);
    expect((await post('/csmng/login/totp', later.cookies, { code: codeAt(secret) })).json().code).toBe(0);
  });
});

describe('authenticator-app secrets at rest (STAFF_TOTP_KEY)', () => {
  const rowOf = async (staffId: number) =>
    (await t.db.select().from(staffTotp).where(eq(staffTotp.staffId, staffId)))[0]!;
  /** Another API process on the same database, with `env` over the test app's. */
  const anotherProcess = (env: Record<string, string> = {}) =>
    buildApp({
      dev: developmentParts,
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...staffTestEnv, ...env }),
      database: t.database,
      logger: false,
      now: clock.now,
    });

  it('are stored sealed, never as the secret the app shows', async () => {
    const member = await newcomer();
    const started = (await staffPost(t.app, member.session, '/csmng/second_factor/totp/start', {})).json();
    const secret = started.data.secret as string;
    const pending = await rowOf(member.staffId);
    expect(pending.pendingSecret).toMatch(/^gcm1\./);
    expect(pending.pendingSecret).not.toContain(secret);
    await staffPost(t.app, member.session, '/csmng/second_factor/totp/confirm', { code: codeAt(secret) });
    const confirmed = await rowOf(member.staffId);
    expect(confirmed.secret).toMatch(/^gcm1\./);
    expect(confirmed.secret).not.toContain(secret);
    expect(confirmed.pendingSecret).toBeNull();
  });

  it('one stored in clear (before sealing) is sealed at the next start and still logs in', async () => {
    const member = await newcomer();
    const { secret } = await enrolTotp(member.session);
    await t.db.update(staffTotp).set({ secret }).where(eq(staffTotp.staffId, member.staffId));
    const restarted = await anotherProcess();
    await restarted.ready();
    await restarted.close();
    const row = await rowOf(member.staffId);
    expect(row.secret).toMatch(/^gcm1\./);
    expect(row.secret).not.toContain(secret);
    clock.advance(60_000);
    const step = await passwordStep(member.accountId, member.password);
    const done = await post('/csmng/login/totp', step.cookies, { code: codeAt(secret) }, step.ip);
    expect(done.json()).toMatchObject({ code: 0, data: { second_factor: 1 } });
  });

  it('a start with a key that does not open them stops, saying which setting', async () => {
    const member = await newcomer();
    await enrolTotp(member.session);
    const wrong = await anotherProcess({ STAFF_TOTP_KEY: 'another-key-that-sealed-nothing-here-0001' });
    await expect(wrong.ready()).rejects.toThrow(/STAFF_TOTP_KEY does not open/);
    await wrong.close().catch(() => undefined);
  });
});

describe('recovery codes', () => {
  it('each works once, typed in any case and spacing; a new set replaces the old', async () => {
    const member = await newcomer();
    const { recoveryCodes } = await enrolTotp(member.session);
    const [first, second] = recoveryCodes!;
    const tryCode = async (code: string) => {
      const step = await passwordStep(member.accountId, member.password);
      return post('/csmng/login/recovery', step.cookies, { code }, step.ip);
    };
    const used = await tryCode(` ${first!.toUpperCase().replace('-', ' ')} `);
    expect(used.json()).toMatchObject({ code: 0, data: { second_factor: 1 } });
    expect((await tryCode(first!)).json().code).toBe(-40021);
    const session = { ct: cookiesOf(used).gp_staff_jct!, cookies: cookiesOf(used) };
    expect((await staffGet(t.app, session, '/csmng/second_factor')).json().data).toMatchObject({
      recovery_codes_left: 9,
    });
    await stepUp(session, member.password, { recovery_code: recoveryCodes![3]! });

    // Two simultaneous uses of one code: one login.
    const [a, b] = await Promise.all([tryCode(second!), tryCode(second!)]);
    expect([a.json().code, b.json().code].sort()).toEqual([-40021, 0]);

    const fresh = (await staffPost(t.app, session, '/csmng/second_factor/recovery_codes', {})).json();
    expect(fresh.data.recovery_codes).toHaveLength(10);
    // The other sessions (the simultaneous login's) ended with the change.
    expect((await staffGet(t.app, session, '/csmng/login_check')).json().code).toBe(0);
    expect((await tryCode(recoveryCodes![2]!)).json().code).toBe(-40021);
    expect((await tryCode(fresh.data.recovery_codes[0])).json().code).toBe(0);
    expect(await auditRows('staff.second_factor.recovery_codes', member.accountId)).toHaveLength(1);
  });
});

describe('passkeys', () => {
  it('registers with a single-use challenge, then logs in with it; the last factor cannot be removed', async () => {
    const member = await newcomer();
    const key = new SoftwareAuthenticator();
    const origin = t.app.env.CS_ADMIN_ORIGIN;
    const options = (
      await staffPost(t.app, member.session, '/csmng/second_factor/passkey/options', {})
    ).json();
    expect(options.data).toMatchObject({
      rp: { id: new URL(origin).hostname },
      user: { name: member.accountId },
      challenge: expect.any(String),
    });
    // Another origin's answer (a phishing site) is refused.
    const phished = await staffPost(t.app, member.session, '/csmng/second_factor/passkey/add', {
      name: 'Laptop',
      response: key.register(options.data, 'https://console.example.evil'),
    });
    expect(phished.json().code).toBe(-40023);

    const fresh = (await staffPost(t.app, member.session, '/csmng/second_factor/passkey/options', {})).json();
    const added = await staffPost(t.app, member.session, '/csmng/second_factor/passkey/add', {
      name: 'Laptop',
      response: key.register(fresh.data, origin),
    });
    expect(added.json()).toMatchObject({ code: 0, data: { recovery_codes: expect.any(Array) } });
    // The challenge was used: the same answer again is refused (and the older options' challenge too).
    const replay = await staffPost(t.app, member.session, '/csmng/second_factor/passkey/add', {
      name: 'Laptop',
      response: key.register(fresh.data, origin),
    });
    expect(replay.json().code).toBe(-40023);
    expect(await auditRows('staff.second_factor.passkey_add', member.accountId)).toHaveLength(1);

    const step = await passwordStep(member.accountId, member.password);
    expect(step.body.data).toMatchObject({ methods: ['passkey', 'recovery'] });
    const other = new SoftwareAuthenticator();
    const refused = await passkeyStep(t.app, other, step.cookies, step.ip);
    expect(refused.body.code).toBe(-40023);
    const done = await passkeyStep(t.app, key, step.cookies, step.ip);
    expect(done.body).toMatchObject({ code: 0, data: { second_factor: 1 } });

    const detail = (await staffGet(t.app, done.session, '/csmng/second_factor')).json().data;
    expect(detail).toMatchObject({
      totp: null,
      passkeys: [{ name: 'Laptop', last_used_at: clock.now().toISOString() }],
      recovery_codes_left: 10,
    });
    // The session passed the passkey, but changing factors asks for it again (with the password).
    const denied = await staffPost(t.app, done.session, '/csmng/second_factor/totp/start', {});
    expect(denied.json().code).toBe(-40026);
    const reauthOptions = (
      await staffPost(t.app, done.session, '/csmng/second_factor/reauth/passkey/options', {})
    ).json();
    const reauth = await staffPost(t.app, done.session, '/csmng/second_factor/reauth', {
      password: member.password,
      passkey: key.authenticate(reauthOptions.data, origin),
    });
    expect(reauth.json()).toMatchObject({ code: 0, data: { valid_until: expect.any(String) } });
    const removed = await staffPost(t.app, done.session, '/csmng/second_factor/passkey/remove', {
      id: detail.passkeys[0].id,
    });
    expect(removed.json().code).toBe(-40025);
    await enrolTotp(done.session);
    const removedNow = await staffPost(t.app, done.session, '/csmng/second_factor/passkey/remove', {
      id: detail.passkeys[0].id,
    });
    expect(removedNow.json().code).toBe(0);
  });

  it('an expired registration challenge and a passkey answer without its login options are refused', async () => {
    const member = await newcomer();
    const key = new SoftwareAuthenticator();
    const origin = t.app.env.CS_ADMIN_ORIGIN;
    const options = (
      await staffPost(t.app, member.session, '/csmng/second_factor/passkey/options', {})
    ).json();
    clock.advance(5 * 60_000 + 1);
    const late = await staffPost(t.app, member.session, '/csmng/second_factor/passkey/add', {
      name: 'Late',
      response: key.register(options.data, origin),
    });
    expect(late.json().code).toBe(-40023);
    expect((await staffGet(t.app, member.session, '/csmng/login_check')).json().data.second_factor).toBe(0);
  });
});

describe('administrator reset', () => {
  it('removes another member’s factors, ends their sessions, is audited; they enrol again', async () => {
    const admin = await loginTestStaff(t.db, { privileges: ['staff.accounts'] });
    const member = await newcomer();
    const { secret } = await enrolTotp(member.session);
    const agent = await loginTestStaff(t.db, { privileges: ['tickets.read'] });

    const denied = await staffPost(t.app, agent, '/csmng/account/second_factor/reset', {
      account_id: member.accountId,
    });
    expect(denied.json().code).toBe(-401);
    const own = await staffPost(t.app, admin, '/csmng/account/second_factor/reset', {
      account_id: admin.accountId,
    });
    expect(own.json().code).toBe(-40008);

    const reset = await staffPost(t.app, admin, '/csmng/account/second_factor/reset', {
      account_id: member.accountId.toUpperCase(),
    });
    expect(reset.json().code).toBe(0);
    const [row] = await auditRows('staff.second_factor.reset', member.accountId);
    expect(row).toMatchObject({ actorAccountId: admin.accountId, before: { totp: true, passkeys: 0 } });
    expect((await staffGet(t.app, member.session, '/csmng/login_check')).json().code).toBe(-101);

    // The next login opens a session that can only enrol; the old secret is gone.
    clock.advance(60_000);
    const login = await loginThroughApi(t.app, member.accountId, member.password, { ip: freshIp() });
    expect(login.body).toMatchObject({ code: 0, data: { second_factor: 0 } });
    await stepUp(login.session, member.password);
    expect((await staffGet(t.app, login.session, '/csmng/second_factor')).json().data).toEqual({
      totp: null,
      passkeys: [],
      recovery_codes_left: 0,
      recovery_codes_created_at: null,
    });
    const newSecret = await enrolTotp(login.session);
    expect(newSecret.secret).not.toBe(secret);
    expect(newSecret.recoveryCodes).toHaveLength(10);
  });
});
