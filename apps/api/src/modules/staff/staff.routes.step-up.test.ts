/**
 * Staff second factors: a session is privileged by how it was opened, not by what its account has now;
 * factor changes need a recent step-up (password and a current factor), end the account's other sessions, are
 * audited and e-mailed; recovery codes of the format before HMAC still work until replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { outboxMessage } from '../../db/schema/passport.schema.ts';
import {
  staffAccount,
  staffAuditLog,
  staffPasskey,
  staffRecoveryCode,
} from '../../db/schema/staff.schema.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import {
  createTestStaff,
  loginTestStaff,
  loginThroughApi,
  sessionFor,
  staffGet,
  staffPost,
  staffTestEnv,
  type TestStaff,
} from '../../../test/staff-session.ts';
import { RecoveryCodeHmac } from './recovery-code.hmac.ts';

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ ...staffTestEnv }, { now: clock.now });
});
afterAll(() => t.close());

type Session = Pick<TestStaff, 'ct' | 'cookies'>;
let ipCounter = 0;
const freshIp = () => `10.33.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const codeAt = (secret: string, offsetMs = 0) =>
  generateSync({ secret, epoch: Math.floor((clock.now().getTime() + offsetMs) / 1000) });

const reauth = (session: Session, body: object) =>
  staffPost(t.app, session, '/csmng/second_factor/reauth', body);

/** An account with an authenticator app, enrolled through the calls; answers a full session and the secret. */
async function withTotp(options: { email?: string } = {}) {
  const account = await createTestStaff(t.db, { privileges: ['tickets.read'], secondFactor: false });
  if (options.email) {
    await t.db.update(staffAccount).set({ email: options.email }).where(eq(staffAccount.id, account.staffId));
  }
  const login = await loginThroughApi(t.app, account.accountId, account.password, { ip: freshIp() });
  const session = login.session;
  expect((await reauth(session, { password: account.password })).json().code).toBe(0);
  const started = (await staffPost(t.app, session, '/csmng/second_factor/totp/start', {})).json();
  const secret = started.data.secret as string;
  const confirmed = await staffPost(t.app, session, '/csmng/second_factor/totp/confirm', {
    code: codeAt(secret),
  });
  expect(confirmed.json().code).toBe(0);
  // A later step-up needs a code of a later time step.
  clock.advance(30_000);
  return { ...account, session, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
}

describe('a session is privileged by how it was opened (item 1)', () => {
  it('a password-only session stays self-only when the account enrols elsewhere, and is ended by it', async () => {
    const account = await createTestStaff(t.db, { privileges: ['tickets.read'], secondFactor: false });
    const thief = await loginThroughApi(t.app, account.accountId, account.password, { ip: freshIp() });
    expect(thief.body).toMatchObject({ code: 0, data: { second_factor: 0 } });
    expect((await staffGet(t.app, thief.session, '/csmng/account/list')).json().code).toBe(-40020);

    // The account gains a factor without its sessions ending (as the account check once saw it): still -40020.
    const planted = new SoftwareAuthenticator();
    await t.db.insert(staffPasskey).values({
      staffId: account.staffId,
      credentialId: planted.credentialId,
      publicKey: planted.cosePublicKey,
      name: 'Planted',
    });
    expect(
      (await staffGet(t.app, thief.session, '/csmng/audit/page', { page_num: 1, page_size: 10 })).json().code,
    ).toBe(-40020);
    expect((await staffGet(t.app, thief.session, '/csmng/login_check')).json().data.second_factor).toBe(0);
    await t.db.delete(staffPasskey).where(eq(staffPasskey.staffId, account.staffId));

    // The owner enrols in their own session: that one becomes full, the other one ends.
    const owner = await loginThroughApi(t.app, account.accountId, account.password, { ip: freshIp() });
    expect((await reauth(owner.session, { password: account.password })).json().code).toBe(0);
    const started = (await staffPost(t.app, owner.session, '/csmng/second_factor/totp/start', {})).json();
    await staffPost(t.app, owner.session, '/csmng/second_factor/totp/confirm', {
      code: codeAt(started.data.secret),
    });
    expect((await staffGet(t.app, owner.session, '/csmng/login_check')).json().data.second_factor).toBe(1);
    expect((await staffGet(t.app, thief.session, '/csmng/login_check')).json().code).toBe(-101);
  });

  it('every factor change ends the account’s other sessions and keeps the one that made it', async () => {
    const member = await withTotp();
    const other = await sessionFor(t.db, member.staffId, clock.now());
    expect((await staffGet(t.app, other, '/csmng/login_check')).json().code).toBe(0);
    expect(
      (await reauth(member.session, { password: member.password, totp: codeAt(member.secret) })).json().code,
    ).toBe(0);
    expect(
      (await staffPost(t.app, member.session, '/csmng/second_factor/recovery_codes', {})).json().code,
    ).toBe(0);
    expect((await staffGet(t.app, other, '/csmng/login_check')).json().code).toBe(-101);
    expect((await staffGet(t.app, member.session, '/csmng/login_check')).json().code).toBe(0);
  });
});

describe('factor changes need a recent step-up (item 2)', () => {
  const changes = [
    '/csmng/second_factor/totp/start',
    '/csmng/second_factor/passkey/options',
    '/csmng/second_factor/recovery_codes',
  ];

  it('refused without a step-up, with the password alone, with a wrong password or code; allowed with password and code', async () => {
    const member = await withTotp();
    // A login through the second step: a full session, but no step-up yet.
    const session = await sessionFor(t.db, member.staffId, clock.now());
    for (const url of changes) expect((await staffPost(t.app, session, url, {})).json().code).toBe(-40026);

    expect((await reauth(session, { password: member.password })).json().code).toBe(-40026);
    for (const url of changes) expect((await staffPost(t.app, session, url, {})).json().code).toBe(-40026);
    expect(
      (await reauth(session, { password: 'Not the password 1', totp: codeAt(member.secret) })).json().code,
    ).toBe(510008);
    const wrongCode = String((Number(codeAt(member.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await reauth(session, { password: member.password, totp: wrongCode })).json().code).toBe(-40021);

    const ok = await reauth(session, { password: member.password, totp: codeAt(member.secret) });
    expect(ok.json()).toMatchObject({
      code: 0,
      data: { valid_until: new Date(clock.now().getTime() + 5 * 60_000).toISOString() },
    });
    for (const url of changes) expect((await staffPost(t.app, session, url, {})).json().code).toBe(0);
  });

  it('an account without a factor steps up with its password alone, whatever numbers other accounts’ factors have', async () => {
    // Another account's passkey row whose number is its account's: a check that mixed up the two numbers read it
    // as everyone's factor and asked a factor of an account that had none (an administrator's reset locked out).
    const other = await createTestStaff(t.db, { privileges: ['tickets.read'], secondFactor: false });
    const key = new SoftwareAuthenticator();
    await t.db.insert(staffPasskey).values({
      id: other.staffId,
      staffId: other.staffId,
      credentialId: key.credentialId,
      publicKey: key.cosePublicKey,
      name: 'Same number',
    });
    // The row took its number by hand: later rows are numbered after it.
    await t.db.execute(
      sql`select setval(pg_get_serial_sequence('staff_passkey', 'id'), (select max(id) from staff_passkey))`,
    );
    const fresh = await createTestStaff(t.db, { privileges: ['tickets.read'], secondFactor: false });
    const login = await loginThroughApi(t.app, fresh.accountId, fresh.password, { ip: freshIp() });
    expect((await reauth(login.session, { password: fresh.password })).json().code).toBe(0);
    expect((await staffPost(t.app, login.session, '/csmng/second_factor/totp/start', {})).json().code).toBe(
      0,
    );
    // And the owner of that passkey still has to show it.
    const owner = await loginThroughApi(t.app, other.accountId, other.password, { ip: freshIp() });
    expect(owner.body).toMatchObject({ code: 0, data: { second_step: 1 } });
  });

  it('a step-up older than five minutes no longer counts', async () => {
    const member = await withTotp();
    expect(
      (await reauth(member.session, { password: member.password, totp: codeAt(member.secret) })).json().code,
    ).toBe(0);
    clock.advance(5 * 60_000 + 1_000);
    for (const url of changes) {
      expect((await staffPost(t.app, member.session, url, {})).json().code).toBe(-40026);
    }
  });

  it('wrong passwords at a step-up count like failed logins', async () => {
    const member = await withTotp();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (await reauth(member.session, { password: `Wrong password ${i}`, totp: '000000' })).json().code,
      );
    }
    expect(answers).toEqual([510008, 510008, 510008, 510008, 500004]);
    // The right password now waits out the lock too, and so does the login.
    expect(
      (await reauth(member.session, { password: member.password, totp: codeAt(member.secret) })).json().code,
    ).toBe(500004);
    clock.advance(31 * 60_000);
  });

  it('a factor change is audited and e-mails the owner, who can tell an administrator', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const member = await withTotp({ email });
    const enrolMail = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, email));
    expect(enrolMail).toHaveLength(1);
    expect(enrolMail[0]!.body).toContain('authenticator app was set up');

    expect(
      (await reauth(member.session, { password: member.password, totp: codeAt(member.secret) })).json().code,
    ).toBe(0);
    await staffPost(t.app, member.session, '/csmng/second_factor/recovery_codes', {});
    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, 'staff.second_factor.recovery_codes'),
          eq(staffAuditLog.targetId, member.accountId),
        ),
      );
    expect(audit).toHaveLength(1);
    const mails = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, email));
    expect(mails).toHaveLength(2);
    const mail = mails.find((m) => m.body.includes('recovery codes'))!;
    expect(mail).toMatchObject({ channel: 'email', lang: 'en' });
    expect(mail.subject).toContain('second factor');
    expect(mail.body).toContain(member.accountId);
    expect(mail.body).toContain(`${clock.now().toISOString().slice(0, 16).replace('T', ' ')} (UTC)`);
    expect(mail.body).toContain('contact an administrator');

    // An administrator's reset tells the owner too, in the administrator's console language.
    const admin = await loginTestStaff(t.db, { privileges: ['staff.accounts'] });
    const reset = await staffPost(t.app, admin, '/csmng/account/second_factor/reset', {
      account_id: member.accountId,
      lang: 'th',
    });
    expect(reset.json().code).toBe(0);
    const after = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, email));
    expect(after.filter((m) => m.lang === 'th')).toHaveLength(1);
  });

  it('an administrator sets where the notices go', async () => {
    const admin = await loginTestStaff(t.db, { privileges: ['staff.accounts'] });
    const member = await createTestStaff(t.db);
    const saved = await staffPost(t.app, admin, '/csmng/account/save', {
      account_id: member.accountId,
      email: ' Owner@Example.com ',
    });
    expect(saved.json()).toMatchObject({ code: 0, data: { email: 'owner@example.com' } });
    const bad = await staffPost(t.app, admin, '/csmng/account/save', {
      account_id: member.accountId,
      email: 'not an address',
    });
    expect(bad.json().code).not.toBe(0);
    const cleared = await staffPost(t.app, admin, '/csmng/account/save', {
      account_id: member.accountId,
      email: '',
    });
    expect(cleared.json().data.email).toBeNull();
  });
});

describe('recovery codes at rest (item 6)', () => {
  it('are stored as a keyed hash; a code of a set stored before (plain SHA-256) still works, once', async () => {
    const member = await withTotp();
    const stored = await t.db
      .select()
      .from(staffRecoveryCode)
      .where(eq(staffRecoveryCode.staffId, member.staffId));
    const plain = member.recoveryCodes.map((c) => RecoveryCodeHmac.legacy(c));
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^h1\./);
      expect(plain).not.toContain(row.codeHash);
    }

    // A set made before the change: only SHA-256 hex in the table.
    const legacyCode = 'abcde-fghjk';
    await t.db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, member.staffId));
    await t.db
      .insert(staffRecoveryCode)
      .values({ staffId: member.staffId, codeHash: RecoveryCodeHmac.legacy(legacyCode) });
    const tryCode = async () => {
      const step = await loginThroughApi(t.app, member.accountId, member.password, {
        ip: freshIp(),
        secondStep: false,
      });
      return t.app.inject({
        method: 'POST',
        url: '/csmng/login/recovery',
        cookies: Object.fromEntries(step.res.cookies.map((c) => [c.name, c.value])),
        payload: { code: legacyCode.toUpperCase() },
      });
    };
    expect((await tryCode()).json()).toMatchObject({ code: 0, data: { second_factor: 1 } });
    expect((await tryCode()).json().code).toBe(-40021);
  });
});
