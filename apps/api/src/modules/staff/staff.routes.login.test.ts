/** Staff login: captcha, sessions and CSRF, lockout, the forced password change, logout. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { authLockout, outboxMessage } from '../../db/schema/passport.schema.ts';
import { staffAccount, staffAuditLog, staffSession } from '../../db/schema/staff.schema.ts';
import { hashSessionId } from '../sessions/index.ts';
import { createTestApp } from '../../../test/test-app.ts';
import {
  createTestStaff,
  loginTestStaff,
  loginThroughApi,
  sessionFor,
  staffCaptchaToken,
  staffGet,
  staffPost,
  staffTestEnv,
} from '../../../test/staff-session.ts';
import { staffCsrfCookie, staffSessionCookie, staffSessionPolicy } from './staff-auth.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The per-address slowdown, capped low: a test makes 25 failed logins from one address.
  t = await createTestApp({ ...staffTestEnv, LOGIN_SLOWDOWN_MAX_MS: '20' });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A client address of its own, so one test's failures never lock another test out. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function auditRows(action: string, targetId?: string) {
  const rows = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action));
  return targetId === undefined ? rows : rows.filter((r) => r.targetId === targetId);
}

describe('captcha', () => {
  it('answers a token and an SVG image, never cached', async () => {
    const res = await t.app.inject({ url: '/csmng/captcha/sget' });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { token: expect.any(String), image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is required: a wrong answer or a spent token is -105 and checks no password', async () => {
    const agent = await createTestStaff(t.db);
    const ip = freshIp();
    const wrong = await loginThroughApi(t.app, agent.accountId, agent.password, { ip, captcha: 'nope' });
    expect(wrong.body.code).toBe(-105);
    expect(wrong.body.message).toBe(
      'Incorrect verification code. Please enter the characters in the picture again.',
    );

    const token = await staffCaptchaToken(t.app, ip);
    const login = (captcha_code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/csmng/login',
        remoteAddress: ip,
        payload: { account_id: agent.accountId, account_pwd: agent.password, token, captcha_code },
      });
    expect((await login('pass')).json().code).toBe(0);
    expect((await login('pass')).json().code).toBe(-105); // one captcha, one login
    expect(await auditRows('staff.login_failed', agent.accountId)).toEqual([]);
  });
});

describe('login', () => {
  it('sets an HttpOnly session cookie and a readable CSRF cookie, records the login, answers who it is', async () => {
    const agent = await createTestStaff(t.db, { privileges: ['tickets.read', 'tickets.reply'] });
    const ip = freshIp();
    const { res, body, session } = await loginThroughApi(
      t.app,
      agent.accountId.toUpperCase(),
      agent.password,
      {
        ip,
      },
    );
    expect(body).toEqual({
      code: 0,
      message: 'success',
      data: {
        staff_id: agent.staffId,
        account_id: agent.accountId,
        account_name: `Agent ${agent.accountId}`,
        privilege_ids: [1, 2],
        privileges: ['tickets.read', 'tickets.reply'],
        must_change_password: 0,
        second_factor: 1,
      },
    });
    const sid = res.cookies.find((c) => c.name === staffSessionCookie)!;
    const jct = res.cookies.find((c) => c.name === staffCsrfCookie)!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(jct.httpOnly).toBeFalsy();
    expect(jct.value).toBe(session.ct);
    // Stored hashed: the cookie's value is nowhere in the table.
    const [stored] = await t.db
      .select()
      .from(staffSession)
      .where(eq(staffSession.idHash, hashSessionId(sid.value)));
    expect(stored).toMatchObject({ staffId: agent.staffId, ip });
    expect(JSON.stringify(await t.db.select().from(staffSession))).not.toContain(sid.value);
    // The member session cookie is something else entirely.
    expect(res.cookies.map((c) => c.name)).not.toContain('joy_sid');

    const [row] = await auditRows('staff.login', agent.accountId);
    expect(row).toMatchObject({ actorStaffId: agent.staffId, actorAccountId: agent.accountId, ip });
    expect((await staffGet(t.app, session, '/csmng/login_check')).json().data.staff_id).toBe(agent.staffId);
  });

  it('a new id at every login: the session the browser carried is revoked', async () => {
    const agent = await createTestStaff(t.db);
    const first = await loginThroughApi(t.app, agent.accountId, agent.password, { ip: freshIp() });
    const second = await loginThroughApi(t.app, agent.accountId, agent.password, {
      ip: freshIp(),
      cookies: first.session.cookies,
    });
    expect(second.session.cookies[staffSessionCookie]).not.toBe(first.session.cookies[staffSessionCookie]);
    expect((await staffGet(t.app, first.session, '/csmng/login_check')).json().code).toBe(-101);
    expect((await staffGet(t.app, second.session, '/csmng/login_check')).json().code).toBe(0);
  });

  it('a wrong password and an unknown account answer alike (500002); both are audited, the unknown name is not', async () => {
    const agent = await createTestStaff(t.db);
    const ip = freshIp();
    const wrong = await loginThroughApi(t.app, agent.accountId, 'Wrong password 1', { ip });
    const unknown = await loginThroughApi(t.app, 'nobody-here', agent.password, { ip });
    expect([wrong.body.code, unknown.body.code]).toEqual([500002, 500002]);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.res.cookies).toEqual([]);
    const failed = (await auditRows('staff.login_failed')).filter((r) => r.ip === ip);
    expect(failed.map((r) => [r.targetId, r.after])).toEqual([
      [agent.accountId, { reason: 'wrong_password' }],
      [null, { reason: 'unknown_account' }],
    ]);
    expect(JSON.stringify(failed)).not.toContain('nobody-here');
    expect(failed.every((r) => r.actorStaffId === null)).toBe(true);
  });

  it('never locks an account: after 5 wrong passwords it is soft-locked, and the right one still logs in', async () => {
    const agent = await createTestStaff(t.db);
    const email = `${agent.accountId}@staff.example`;
    await t.db.update(staffAccount).set({ email }).where(eq(staffAccount.accountId, agent.accountId));
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await loginThroughApi(t.app, agent.accountId, `Wrong password ${i}`, { ip: freshIp() })).body.code,
      );
    }
    // Wrong passwords answer as wrong, the fifth and after too; nothing answers "locked" (500004).
    expect(codes).toEqual(Array.from({ length: 7 }, () => 500002));
    // The wrong password that soft-locked the account is marked once, for administrators to see.
    const failures = await auditRows('staff.login_failed', agent.accountId);
    expect(failures.map((r) => r.after)).toEqual([
      ...Array.from({ length: 4 }, () => ({ reason: 'wrong_password' })),
      { reason: 'wrong_password', soft_locked: true },
      { reason: 'wrong_password' },
      { reason: 'wrong_password' },
    ]);
    // The owner is told once, by e-mail.
    const mails = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, email));
    expect(mails.map((m) => m.subject)).toEqual(['Wrong passwords were tried on your staff console account']);
    expect(mails[0]!.body).toContain(agent.accountId);
    // The right password with the captcha solved (every staff login solves one) gets in, through its passkey
    // second step, from any address: password failures stop neither.
    const right = await loginThroughApi(t.app, agent.accountId, agent.password, { ip: freshIp() });
    expect(right.body.code).toBe(0);
    expect((await auditRows('staff.login', agent.accountId)).length).toBeGreaterThan(0);
  });

  it('never locks an address: after 25 failures on other accounts from it, a right password gets in', async () => {
    const ip = freshIp();
    const other = await createTestStaff(t.db);
    for (let i = 0; i < 25; i++) {
      const name = i % 5 === 0 ? other.accountId : `guess-${i}`;
      const failed = await loginThroughApi(t.app, name, 'Wrong password 1', { ip });
      expect(failed.body.code).toBe(500002); // `other` is soft-locked at its fifth wrong password, never locked
    }
    const agent = await createTestStaff(t.db);
    expect((await loginThroughApi(t.app, agent.accountId, agent.password, { ip })).body.code).toBe(0);
    // Counted under a key of its own: staff failures do not slow member logins from this address.
    const keys = (await t.db.select().from(authLockout)).map((r) => r.key);
    expect(keys).toContain(`ip:staff:${ip}`);
    expect(keys).not.toContain(`ip:${ip}`);
  });

  it('answers an unknown account name as a known one past 5 tries too, so nothing tells them apart', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await loginThroughApi(t.app, 'nobody-at-all', `Wrong password ${i}`, { ip: freshIp() })).body.code,
      );
    expect(codes).toEqual([500002, 500002, 500002, 500002, 500002, 500002]);
  });

  it('a blocked account is told so only after the right password (-40005)', async () => {
    const agent = await createTestStaff(t.db, { status: 'blocked' });
    const ip = freshIp();
    expect((await loginThroughApi(t.app, agent.accountId, 'Wrong password 1', { ip })).body.code).toBe(
      500002,
    );
    const right = await loginThroughApi(t.app, agent.accountId, agent.password, { ip });
    expect(right.body.code).toBe(-40005);
    expect(right.res.cookies).toEqual([]);
    expect((await auditRows('staff.login_failed', agent.accountId)).at(-1)?.after).toEqual({
      reason: 'blocked',
    });
  });

  it('refuses malformed input with -400 naming the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/csmng/login', payload: { account_id: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['account_pwd', 'captcha_code', 'token']);
  });
});

describe('staff sessions', () => {
  it('login_check: -101 without a session, -110 without or with a wrong ct, -101 for a member session', async () => {
    const staff = await loginTestStaff(t.db, { privileges: ['faq'] });
    expect((await staffGet(t.app, null, '/csmng/login_check')).json().code).toBe(-101);
    const noCt = await t.app.inject({ url: '/csmng/login_check', cookies: staff.cookies });
    expect(noCt.json().code).toBe(-110);
    expect((await staffGet(t.app, { ...staff, ct: 'forged' }, '/csmng/login_check')).json().code).toBe(-110);
    // The cookie must match too (double submit), not only the stored token.
    const otherCookie = { ...staff, cookies: { ...staff.cookies, [staffCsrfCookie]: 'other' } };
    expect((await staffGet(t.app, otherCookie, '/csmng/login_check')).json().code).toBe(-110);
    const memberCookie = {
      ct: staff.ct,
      cookies: { joy_sid: staff.cookies[staffSessionCookie]!, joy_jct: staff.ct },
    };
    expect((await staffGet(t.app, memberCookie, '/csmng/login_check')).json().code).toBe(-101);
    const ok = await staffGet(t.app, staff, '/csmng/login_check');
    expect(ok.json().data).toMatchObject({ privileges: ['faq'], must_change_password: 0 });
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('a member session opens no staff call', async () => {
    const res = await t.app.inject({
      url: '/csmng/login_check?ct=x',
      cookies: { joy_sid: 'x', joy_jct: 'x' },
    });
    expect(res.json().code).toBe(-101);
  });

  it('ends after two idle hours and after twelve hours in all; a call refreshes the idle clock', async () => {
    const staff = await loginTestStaff(t.db);
    const idHash = hashSessionId(staff.cookies[staffSessionCookie]!);
    const set = (values: Partial<typeof staffSession.$inferInsert>) =>
      t.db.update(staffSession).set(values).where(eq(staffSession.idHash, idHash));

    await set({ lastSeenAt: new Date(Date.now() - staffSessionPolicy.idleMs + 60_000) });
    expect((await staffGet(t.app, staff, '/csmng/login_check')).json().code).toBe(0);
    const [seen] = await t.db.select().from(staffSession).where(eq(staffSession.idHash, idHash));
    expect(Date.now() - seen!.lastSeenAt.getTime()).toBeLessThan(10_000);

    await set({ lastSeenAt: new Date(Date.now() - staffSessionPolicy.idleMs - 1_000) });
    expect((await staffGet(t.app, staff, '/csmng/login_check')).json().code).toBe(-101);

    const other = await loginTestStaff(t.db);
    await t.db
      .update(staffSession)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(staffSession.idHash, hashSessionId(other.cookies[staffSessionCookie]!)));
    expect((await staffGet(t.app, other, '/csmng/login_check')).json().code).toBe(-101);
  });

  it('login_out revokes the session, clears the cookies and is audited; it needs the CSRF token', async () => {
    const staff = await loginTestStaff(t.db);
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/csmng/login_out', payload: {}, cookies: staff.cookies })
      ).json().code,
    ).toBe(-110);
    const res = await staffPost(t.app, staff, '/csmng/login_out', {});
    expect(res.json()).toEqual({ code: 0, message: 'success', data: null });
    const cleared = res.cookies.filter((c) => [staffSessionCookie, staffCsrfCookie].includes(c.name));
    expect(cleared.map((c) => c.value)).toEqual(['', '']);
    expect((await staffGet(t.app, staff, '/csmng/login_check')).json().code).toBe(-101);
    expect(await auditRows('staff.logout', staff.accountId)).toHaveLength(1);
  });

  it('login_out is a write: a GET (a link or an image on another site) ends nothing', async () => {
    const staff = await loginTestStaff(t.db);
    expect((await staffGet(t.app, staff, '/csmng/login_out')).statusCode).toBe(404);
    expect((await staffGet(t.app, staff, '/csmng/login_check')).json().code).toBe(0);
  });
});

describe('the one-time password', () => {
  it('opens only the self calls until it is changed (-40007), then everything the account holds', async () => {
    const admin = await createTestStaff(t.db, { privileges: 'all', mustChangePassword: true });
    const { body, session } = await loginThroughApi(t.app, admin.accountId, admin.password, {
      ip: freshIp(),
    });
    expect(body.data).toMatchObject({ must_change_password: 1 });
    expect((await staffGet(t.app, session, '/csmng/login_check')).json().data.must_change_password).toBe(1);
    expect(
      (await staffGet(t.app, session, '/csmng/account/detail', { account_id: admin.accountId })).json().code,
    ).toBe(0);
    expect((await staffGet(t.app, session, '/csmng/account/list')).json().code).toBe(-40007);
    expect((await staffGet(t.app, session, '/csmng/audit/page')).json().code).toBe(-40007);
    expect(
      (await staffGet(t.app, session, '/csmng/account/detail', { account_id: 'admin' })).json().code,
    ).toBe(-40007);
    const add = await staffPost(t.app, session, '/csmng/account/add', {
      account_id: 'too-early',
      account_name: 'Too early',
      account_pwd: 'A good password 1',
    });
    expect(add.json()).toMatchObject({
      code: -40007,
      message: 'Please change your one-time password before continuing.',
    });

    const change = await staffPost(t.app, session, '/csmng/account/password', {
      old_pwd: admin.password,
      new_pwd: 'My own password 42',
      re_pwd: 'My own password 42',
    });
    expect(change.json()).toMatchObject({
      code: 0,
      data: { must_change_password: 0, staff_id: admin.staffId },
    });
    expect((await staffGet(t.app, session, '/csmng/account/list')).json().code).toBe(0);
    const [row] = await auditRows('staff.account.password', admin.accountId);
    expect(row).toMatchObject({
      actorStaffId: admin.staffId,
      before: { must_change_password: true },
      after: { must_change_password: false },
    });
    expect(JSON.stringify(row)).not.toContain('My own password 42');
    // The new password logs in; the old one no more.
    expect((await loginThroughApi(t.app, admin.accountId, admin.password, { ip: freshIp() })).body.code).toBe(
      500002,
    );
    expect(
      (await loginThroughApi(t.app, admin.accountId, 'My own password 42', { ip: freshIp() })).body,
    ).toMatchObject({ code: 0, data: { must_change_password: 0 } });
  });

  it('password change: current wrong 510008, rule 500006, differ 510010, same 510009; other sessions end', async () => {
    const agent = await loginTestStaff(t.db);
    const elsewhere = await sessionFor(t.db, agent.staffId);
    const change = (old_pwd: string, new_pwd: string, re_pwd = new_pwd) =>
      staffPost(t.app, agent, '/csmng/account/password', { old_pwd, new_pwd, re_pwd }).then(
        (r) => r.json().code,
      );
    expect(await change('Wrong password 1', 'New password 123')).toBe(510008);
    expect(await change(agent.password, 'short1')).toBe(500006);
    expect(await change(agent.password, 'onlyletters')).toBe(500006);
    expect(await change(agent.password, 'New password 123', 'New password 124')).toBe(510010);
    expect(await change(agent.password, agent.password)).toBe(510009);
    expect((await staffGet(t.app, elsewhere, '/csmng/login_check')).json().code).toBe(0);
    expect(await change(agent.password, 'New password 123')).toBe(0);
    expect((await staffGet(t.app, elsewhere, '/csmng/login_check')).json().code).toBe(-101);
    expect((await staffGet(t.app, agent, '/csmng/login_check')).json().code).toBe(0);
    const live = await t.db
      .select()
      .from(staffSession)
      .where(and(eq(staffSession.staffId, agent.staffId), isNull(staffSession.revokedAt)));
    expect(live).toHaveLength(1);
  });

  it('wrong current passwords count towards the lockout', async () => {
    const agent = await loginTestStaff(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await staffPost(t.app, agent, '/csmng/account/password', {
        old_pwd: `Wrong password ${i}`,
        new_pwd: 'New password 123',
        re_pwd: 'New password 123',
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([510008, 510008, 510008, 510008, 500004]);
  });

  it('a password change needs the CSRF token', async () => {
    const agent = await loginTestStaff(t.db);
    const res = await staffPost(t.app, { ...agent, ct: 'forged' }, '/csmng/account/password', {
      old_pwd: agent.password,
      new_pwd: 'New password 123',
      re_pwd: 'New password 123',
    });
    expect(res.json().code).toBe(-110);
  });
});
