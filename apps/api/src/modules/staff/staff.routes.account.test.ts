/** Staff accounts and privileges: every call, its refusals, and its audit row. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StaffPrivilege } from '@gp/contracts/staff';
import { staffAccount, staffAuditLog } from '../../db/schema/staff.schema.ts';
import { createTestApp } from '../../../test/test-app.ts';
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

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp(staffTestEnv);
  admin = await loginTestStaff(t.db, { accountId: 'boss', accountName: 'The Boss', privileges: 'all' });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function auditOf(targetId: string) {
  const rows = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, targetId));
  return rows.sort((a, b) => a.id - b.id);
}

const everyButAccounts: StaffPrivilege[] = [
  'tickets.read',
  'tickets.reply',
  'tickets.export',
  'faq',
  'games',
  'content',
  'catalog',
];

/** Every staff.accounts call with valid input, as [method, path, input]. */
const accountCalls = (accountId: string): [string, string, Record<string, unknown>][] => [
  ['GET', '/csmng/account/list', {}],
  ['GET', '/csmng/account/detail', { account_id: accountId }],
  [
    'POST',
    '/csmng/account/add',
    { account_id: 'never-made', account_name: 'Never', account_pwd: 'Good password 1' },
  ],
  ['POST', '/csmng/account/save', { account_id: accountId, account_name: 'Renamed' }],
  ['GET', '/csmng/account/del', { account_id: accountId }],
  ['GET', '/csmng/account/limit', { account_id: accountId }],
  ['GET', '/csmng/account/unseal', { account_id: accountId }],
  ['GET', '/csmng/audit/page', {}],
];

function call(
  staff: Pick<TestStaff, 'ct' | 'cookies'> | null,
  [method, url, input]: [string, string, object],
) {
  return method === 'GET'
    ? staffGet(t.app, staff, url, input as Record<string, string>)
    : staffPost(t.app, staff, url, input);
}

describe('who may call', () => {
  it('every staff call answers -101 without a staff session', async () => {
    const calls: [string, string, object][] = [
      ...accountCalls('boss'),
      ['GET', '/csmng/login_check', {}],
      ['POST', '/csmng/login_out', {}],
      ['POST', '/csmng/account/password', { old_pwd: 'x', new_pwd: 'y', re_pwd: 'y' }],
    ];
    for (const c of calls) expect((await call(null, c)).json().code, c[1]).toBe(-101);
  });

  it('every account and audit call is refused (-401) without staff.accounts, whatever else is held', async () => {
    const agent = await loginTestStaff(t.db, { privileges: everyButAccounts });
    const victim = await createTestStaff(t.db);
    for (const c of accountCalls(victim.accountId)) {
      const res = await call(agent, c);
      expect(res.json(), c[1]).toMatchObject({
        code: -401,
        message: "Access denied. You don't have permission to do this.",
      });
    }
    // Nothing happened to the account, and no audit row was written.
    expect(
      (await t.db.select().from(staffAccount).where(eq(staffAccount.id, victim.staffId)))[0],
    ).toMatchObject({
      accountName: `Agent ${victim.accountId}`,
      status: 'active',
      deletedAt: null,
    });
    expect(await auditOf(victim.accountId)).toEqual([]);
  });

  it('every account write answers -110 with a wrong CSRF token and changes nothing', async () => {
    const victim = await createTestStaff(t.db);
    const forged = { ...admin, ct: 'forged-token' };
    for (const c of accountCalls(victim.accountId))
      expect((await call(forged, c)).json().code, c[1]).toBe(-110);
    expect(await auditOf(victim.accountId)).toEqual([]);
  });

  it('the own account/detail needs no privilege; another one does', async () => {
    const agent = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
    const own = await staffGet(t.app, agent, '/csmng/account/detail', {
      account_id: agent.accountId.toUpperCase(),
    });
    expect(own.json()).toMatchObject({
      code: 0,
      data: { account_id: agent.accountId, privileges: ['tickets.read'], status: 'active' },
    });
    expect(JSON.stringify(own.json())).not.toContain('argon2');
    expect((await staffGet(t.app, agent, '/csmng/account/detail', { account_id: 'boss' })).json().code).toBe(
      -401,
    );
  });
});

describe('account/list and account/detail', () => {
  it('lists accounts newest first, finds by account_id or name, pages, and hides deleted ones', async () => {
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      made.push(
        (await createTestStaff(t.db, { accountId: `list-${n}`, accountName: `Lister ${n}` })).accountId,
      );
    }
    const page = (query: Record<string, string | number>) =>
      staffGet(t.app, admin, '/csmng/account/list', query).then((r) => r.json().data);
    expect(await page({ s_account_id: 'LIST-' })).toMatchObject({
      total: 3,
      page_num: 1,
      page_size: 20,
      list: [{ account_id: 'list-3' }, { account_id: 'list-2' }, { account_id: 'list-1' }],
    });
    expect(
      (await page({ s_account_id: 'lister 2' })).list.map((a: { account_id: string }) => a.account_id),
    ).toEqual(['list-2']);
    expect(await page({ s_account_id: 'list-', page_num: 2, page_size: 2 })).toMatchObject({
      total: 3,
      list: [{ account_id: 'list-1' }],
    });
    expect((await page({ s_account_id: '%' })).total).toBe(0); // wildcards are literal
    await staffGet(t.app, admin, '/csmng/account/del', { account_id: 'list-2' });
    expect((await page({ s_account_id: 'list-' })).total).toBe(2);
    expect(
      (await staffGet(t.app, admin, '/csmng/account/detail', { account_id: 'list-2' })).json().code,
    ).toBe(500003);
    expect(
      (await staffGet(t.app, admin, '/csmng/account/detail', { account_id: 'no-such' })).json(),
    ).toMatchObject({
      code: 500003,
      message: "This staff account doesn't exist.",
    });
  });
});

describe('account/add', () => {
  it('creates an account with a one-time password, audited without the password', async () => {
    const res = await staffPost(t.app, admin, '/csmng/account/add', {
      account_id: 'New.Agent',
      account_name: 'New Agent',
      account_pwd: 'First password 1',
      privilege_ids: [2, 1],
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        account_id: 'new.agent',
        account_name: 'New Agent',
        privilege_ids: [1, 2],
        privileges: ['tickets.read', 'tickets.reply'],
        status: 'active',
        must_change_password: 1,
        last_login_at: null,
      },
    });
    const [row] = await auditOf('new.agent');
    expect(row).toMatchObject({
      action: 'staff.account.add',
      actorStaffId: admin.staffId,
      actorAccountId: 'boss',
      targetType: 'staff_account',
      before: null,
      after: { account_name: 'New Agent', privileges: ['tickets.read', 'tickets.reply'] },
    });
    expect(JSON.stringify(row)).not.toMatch(/First password|argon2/);
    const login = await loginThroughApi(t.app, 'new.agent', 'First password 1', { ip: freshIp() });
    expect(login.body.data).toMatchObject({ must_change_password: 1 });
  });

  it('-40006 for a taken account_id, also one of a deleted account; 500006 for a weak password; -400 for bad fields', async () => {
    const add = (body: object) => staffPost(t.app, admin, '/csmng/account/add', body).then((r) => r.json());
    const good = { account_id: 'dup-agent', account_name: 'Dup', account_pwd: 'Good password 1' };
    expect((await add(good)).code).toBe(0);
    expect(await add({ ...good, account_id: 'DUP-agent' })).toMatchObject({
      code: -40006,
      message: 'A staff account with this ID already exists. Please choose another ID.',
    });
    await staffGet(t.app, admin, '/csmng/account/del', { account_id: 'dup-agent' });
    expect((await add(good)).code).toBe(-40006);
    expect((await add({ ...good, account_id: 'weak-agent', account_pwd: 'short' })).code).toBe(500006);
    for (const bad of [
      { ...good, account_id: 'a b' },
      { ...good, account_id: 'xy' },
      { ...good, account_name: '' },
      { ...good, privilege_ids: [99] },
      { ...good, privilege_ids: [1, 1] },
    ]) {
      expect((await add(bad)).code, JSON.stringify(bad)).toBe(-400);
    }
  });
});

describe('account/save', () => {
  it('renames and changes privileges, effective at once for live sessions, audited before/after', async () => {
    const agent = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
    const save = (body: object) =>
      staffPost(t.app, admin, '/csmng/account/save', { account_id: agent.accountId, ...body }).then((r) =>
        r.json(),
      );
    expect((await staffGet(t.app, agent, '/csmng/account/list')).json().code).toBe(-401);
    expect(await save({ account_name: 'Renamed Agent', privilege_ids: [1, 8] })).toMatchObject({
      code: 0,
      data: { account_name: 'Renamed Agent', privileges: ['tickets.read', 'staff.accounts'] },
    });
    expect((await staffGet(t.app, agent, '/csmng/account/list')).json().code).toBe(0);
    expect((await staffGet(t.app, agent, '/csmng/login_check')).json().data.privileges).toEqual([
      'tickets.read',
      'staff.accounts',
    ]);
    expect((await save({ privilege_ids: [] })).code).toBe(0);
    expect((await staffGet(t.app, agent, '/csmng/account/list')).json().code).toBe(-401);

    const rows = await auditOf(agent.accountId);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'staff.account.save',
        { account_name: `Agent ${agent.accountId}`, privileges: ['tickets.read'] },
        { account_name: 'Renamed Agent', privileges: ['tickets.read', 'staff.accounts'] },
      ],
      ['staff.account.save', { privileges: ['tickets.read', 'staff.accounts'] }, { privileges: [] }],
    ]);
    // Saving what is already there writes nothing.
    expect((await save({ account_name: 'Renamed Agent', privilege_ids: [] })).code).toBe(0);
    expect(await auditOf(agent.accountId)).toHaveLength(2);
  });

  it('a new password is a one-time password: the sessions end, the next login must change it', async () => {
    const agent = await loginTestStaff(t.db, { privileges: ['faq'] });
    const res = await staffPost(t.app, admin, '/csmng/account/save', {
      account_id: agent.accountId,
      account_pwd: 'Reset password 9',
    });
    expect(res.json()).toMatchObject({ code: 0, data: { must_change_password: 1 } });
    expect((await staffGet(t.app, agent, '/csmng/login_check')).json().code).toBe(-101);
    expect((await loginThroughApi(t.app, agent.accountId, agent.password, { ip: freshIp() })).body.code).toBe(
      500002,
    );
    const login = await loginThroughApi(t.app, agent.accountId, 'Reset password 9', { ip: freshIp() });
    expect(login.body.data).toMatchObject({ must_change_password: 1 });
    const [row] = await auditOf(agent.accountId);
    expect(row).toMatchObject({ action: 'staff.account.save', before: {}, after: { password_reset: true } });
    expect(JSON.stringify(row)).not.toContain('Reset password 9');
  });

  it("refuses a password for one's own account (-40008), a weak one (500006) and an unknown account (500003)", async () => {
    const save = (body: object) =>
      staffPost(t.app, admin, '/csmng/account/save', body).then((r) => r.json().code);
    expect(await save({ account_id: 'boss', account_pwd: 'Own new password 1' })).toBe(-40008);
    const agent = await createTestStaff(t.db);
    expect(await save({ account_id: agent.accountId, account_pwd: 'weak' })).toBe(500006);
    expect(await save({ account_id: 'no-such-agent', account_name: 'x' })).toBe(500003);
    // One's own name and privileges may change.
    expect(await save({ account_id: 'boss', account_name: 'The Big Boss' })).toBe(0);
  });
});

describe('account/limit, account/unseal, account/del', () => {
  it('blocking ends the sessions at once and stops logins (-40005); unsealing lets the account in again', async () => {
    const agent = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
    const other = await sessionFor(t.db, agent.staffId);
    const blocked = await staffGet(t.app, admin, '/csmng/account/limit', { account_id: agent.accountId });
    expect(blocked.json()).toMatchObject({ code: 0, data: { status: 'blocked' } });
    expect((await staffGet(t.app, agent, '/csmng/login_check')).json().code).toBe(-101);
    expect((await staffGet(t.app, other, '/csmng/login_check')).json().code).toBe(-101);
    expect((await loginThroughApi(t.app, agent.accountId, agent.password, { ip: freshIp() })).body.code).toBe(
      -40005,
    );
    // Blocking again changes nothing.
    expect(
      (await staffGet(t.app, admin, '/csmng/account/limit', { account_id: agent.accountId })).json().code,
    ).toBe(0);

    const unsealed = await staffGet(t.app, admin, '/csmng/account/unseal', { account_id: agent.accountId });
    expect(unsealed.json()).toMatchObject({ code: 0, data: { status: 'active' } });
    // The revoked sessions stay ended; a new login works.
    expect((await staffGet(t.app, agent, '/csmng/login_check')).json().code).toBe(-101);
    expect((await loginThroughApi(t.app, agent.accountId, agent.password, { ip: freshIp() })).body.code).toBe(
      0,
    );

    const rows = (await auditOf(agent.accountId)).filter((r) => r.action !== 'staff.login');
    expect(rows.map((r) => [r.action, r.actorAccountId, r.before, r.after])).toEqual([
      ['staff.account.block', 'boss', { status: 'active' }, { status: 'blocked' }],
      ['staff.login_failed', null, null, { reason: 'blocked' }],
      ['staff.account.unseal', 'boss', { status: 'blocked' }, { status: 'active' }],
    ]);
  });

  it('blocking even a session in the middle of its work: the very next call is refused', async () => {
    const agent = await loginTestStaff(t.db, { privileges: ['staff.accounts'] });
    expect((await staffGet(t.app, agent, '/csmng/account/list')).json().code).toBe(0);
    await staffGet(t.app, admin, '/csmng/account/limit', { account_id: agent.accountId });
    expect((await staffGet(t.app, agent, '/csmng/account/list')).json().code).toBe(-101);
  });

  it('deleting ends the sessions, stops logins, keeps the row for the records, and is audited', async () => {
    const agent = await loginTestStaff(t.db, { privileges: ['faq'] });
    const res = await staffGet(t.app, admin, '/csmng/account/del', { account_id: agent.accountId });
    expect(res.json()).toEqual({ code: 0, message: 'success', data: null });
    expect((await staffGet(t.app, agent, '/csmng/login_check')).json().code).toBe(-101);
    expect((await loginThroughApi(t.app, agent.accountId, agent.password, { ip: freshIp() })).body.code).toBe(
      500002,
    );
    const [row] = await t.db.select().from(staffAccount).where(eq(staffAccount.id, agent.staffId));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const deleted = (await auditOf(agent.accountId)).find((r) => r.action === 'staff.account.delete');
    expect(deleted).toMatchObject({
      actorStaffId: admin.staffId,
      before: { account_name: `Agent ${agent.accountId}`, privileges: ['faq'], status: 'active' },
      after: null,
    });
    expect(
      (await staffGet(t.app, admin, '/csmng/account/del', { account_id: agent.accountId })).json().code,
    ).toBe(500003);
  });

  it('nobody blocks or deletes their own account (-40008)', async () => {
    for (const path of ['/csmng/account/limit', '/csmng/account/del']) {
      expect((await staffGet(t.app, admin, path, { account_id: 'boss' })).json()).toMatchObject({
        code: -40008,
        message: "You can't do this to your own account. To change your password, use Change password.",
      });
    }
    expect((await staffGet(t.app, admin, '/csmng/login_check')).json().code).toBe(0);
  });

  it('unknown accounts: 500003', async () => {
    for (const path of ['/csmng/account/limit', '/csmng/account/unseal', '/csmng/account/del']) {
      expect((await staffGet(t.app, admin, path, { account_id: 'ghost' })).json().code, path).toBe(500003);
    }
  });
});
