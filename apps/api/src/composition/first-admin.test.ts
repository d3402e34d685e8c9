import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffPrivileges } from '@gp/contracts/staff';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/database.ts';
import { staffAccount, staffAuditLog } from '../db/schema/staff.schema.ts';
import { PasswordHasher, testCost } from '../modules/sessions/index.ts';
import { firstAdmin } from './first-admin.ts';
import { runAdmin } from './run-admin.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // An empty console, as production starts: the seeded accounts are gone and `admin` is free again.
  await database.db
    .update(staffAccount)
    .set({ accountId: sql`'seeded-' || ${staffAccount.accountId}`, deletedAt: new Date() });
});
afterAll(() => database.close());

const admin = async () =>
  (
    await database.db
      .select()
      .from(staffAccount)
      .where(and(eq(staffAccount.accountId, 'admin'), isNull(staffAccount.deletedAt)))
  )[0];
const verifies = async (password: string) =>
  new PasswordHasher(testCost).verify((await admin())!.passwordHash, password);
const lastAudit = async () =>
  (await database.db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1))[0];

describe('firstAdmin', () => {
  let first = '';

  it('makes `admin` on an empty console: every privilege, a one-time password stored hashed, audited', async () => {
    const made = await firstAdmin(database.db);
    expect(made).toEqual({ made: 'account', accountId: 'admin', password: expect.any(String) });
    first = made.made ? made.password : '';
    const row = await admin();
    expect(row).toMatchObject({ accountName: 'Administrator', mustChangePassword: true, status: 'active' });
    expect(row?.privilegeIds.sort((a, b) => a - b)).toEqual(staffPrivileges.map((p) => p.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(first);
    expect(await verifies(first)).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'staff.account.add',
      actorStaffId: null,
      targetId: 'admin',
    });
    expect(JSON.stringify((await lastAudit())?.after)).not.toContain(first);
  });

  it('gives a new one-time password while the printed one was never used, and the old one stops working', async () => {
    const again = await firstAdmin(database.db);
    expect(again).toEqual({ made: 'password', accountId: 'admin', password: expect.any(String) });
    expect(again.made && again.password).not.toBe(first);
    expect(await verifies(first)).toBe(false);
    expect(await verifies(again.made ? again.password : '')).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'staff.account.save',
      actorStaffId: null,
      targetId: 'admin',
    });
  });

  it('refuses once the administrator has logged in, and while other accounts exist', async () => {
    const before = (await admin())!.passwordHash;
    await database.db
      .update(staffAccount)
      .set({ lastLoginAt: new Date() })
      .where(eq(staffAccount.accountId, 'admin'));
    expect(await firstAdmin(database.db)).toEqual({ made: false, accounts: 1 });
    await database.db
      .update(staffAccount)
      .set({ lastLoginAt: null })
      .where(eq(staffAccount.accountId, 'admin'));
    await database.db
      .insert(staffAccount)
      .values({ accountId: 'agent-1', accountName: 'Agent', passwordHash: 'x' });
    expect(await firstAdmin(database.db)).toEqual({ made: false, accounts: 2 });
    expect((await admin())!.passwordHash).toBe(before);
  });
});

describe('admin.js', () => {
  const run = async (
    args: string[],
    open: () => Promise<Database> = async () => ({ ...database, close: async () => {} }),
  ) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(args, { open, out: (t) => void out.push(t), err: (t) => void err.push(t) });
    return { code, out: out.join(''), err: err.join('') };
  };

  it('names its commands when asked for another, without opening the database', async () => {
    const open = vi.fn(async () => database);
    expect(await run([], open)).toMatchObject({
      code: 2,
      out: '',
      err: expect.stringMatching(/^Usage: .*first-admin/),
    });
    expect(await run(['first-admin', '--force'], open)).toMatchObject({ code: 2, out: '' });
    expect(open).not.toHaveBeenCalled();
  });

  it('waits for an API start to migrate the database', async () => {
    const unmigrated = async () => ({ ...database, pendingMigrations: async () => 3, close: async () => {} });
    expect(await run(['first-admin'], unmigrated)).toMatchObject({
      code: 1,
      out: '',
      err: expect.stringMatching(/lacks 3 migration\(s\): start the API once/),
    });
  });

  it('prints the one-time password once on stdout, and refuses with the reason on stderr', async () => {
    await database.db.delete(staffAccount).where(eq(staffAccount.accountId, 'agent-1'));
    const made = await run(['first-admin']);
    expect(made).toMatchObject({ code: 0, err: '' });
    const password = /One-time password: (\S{4}-\S{4}-\S{4}-\S{4})\n/.exec(made.out)?.[1] ?? '';
    expect(await verifies(password)).toBe(true);
    await database.db
      .update(staffAccount)
      .set({ lastLoginAt: new Date() })
      .where(eq(staffAccount.accountId, 'admin'));
    expect(await run(['first-admin'])).toMatchObject({
      code: 1,
      out: '',
      err: expect.stringMatching(/already has 1 staff account/),
    });
  });
});
