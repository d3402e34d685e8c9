import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffPasswordRule, staffPrivileges } from '@gp/contracts/staff';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { staffAccount } from '../../db/schema/staff.schema.ts';
import { PasswordHasher, testCost } from '../../modules/sessions/index.ts';
import { oneTimePassword, staffAdminAccountId } from '../first-admin.ts';
import { runSeed, seedSteps, type SeedNotes } from './seed.ts';
import { seedStaffAdmin } from './staff.seed.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const adminRow = async () =>
  (await database.db.select().from(staffAccount).where(eq(staffAccount.accountId, staffAdminAccountId)))[0];

describe('the staff admin seed', () => {
  it('is a step of the demo data (production makes its admin with admin.js first-admin)', () => {
    expect(seedSteps.map((s) => s.name)).toContain('staff-admin-v1');
  });

  it('made the admin: every privilege, a one-time password to change, stored as an argon2id hash', async () => {
    const row = await adminRow();
    expect(row).toMatchObject({
      accountName: 'Administrator',
      status: 'active',
      mustChangePassword: true,
      deletedAt: null,
    });
    expect(row?.privilegeIds.sort((a, b) => a - b)).toEqual(staffPrivileges.map((p) => p.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('hands the password out once, to whoever ran the step that created the account, and never again', async () => {
    // Make room for a second admin the way a fresh database has it.
    await database.db
      .update(staffAccount)
      .set({ accountId: 'admin-before' })
      .where(eq(staffAccount.accountId, staffAdminAccountId));
    const notes: SeedNotes = { oneTimePasswords: [] };
    expect(await runSeed(database.db, [{ name: 'staff-admin-test', run: seedStaffAdmin }], notes)).toEqual([
      'staff-admin-test',
    ]);
    expect(notes.oneTimePasswords).toEqual([{ accountId: 'admin', password: expect.any(String) }]);
    const password = notes.oneTimePasswords[0]!.password;
    expect(await new PasswordHasher(testCost).verify((await adminRow())!.passwordHash, password)).toBe(true);
    // A later step finds the account and notes nothing.
    const again: SeedNotes = { oneTimePasswords: [] };
    expect(await runSeed(database.db, [{ name: 'staff-admin-again', run: seedStaffAdmin }], again)).toEqual([
      'staff-admin-again',
    ]);
    expect(again.oneTimePasswords).toEqual([]);
  });

  it('a failing step notes nothing: the password of a rolled-back account is never shown', async () => {
    await database.db
      .update(staffAccount)
      .set({ accountId: 'admin-before-2' })
      .where(eq(staffAccount.accountId, staffAdminAccountId));
    const notes: SeedNotes = { oneTimePasswords: [] };
    const failing = {
      name: 'staff-admin-failing',
      run: async (db: Database['db'], stepNotes: SeedNotes) => {
        await seedStaffAdmin(db, stepNotes);
        throw new Error('after the admin');
      },
    };
    await expect(runSeed(database.db, [failing], notes)).rejects.toThrow('after the admin');
    expect(notes.oneTimePasswords).toEqual([]);
    expect(await adminRow()).toBeUndefined();
  });

  it('one-time passwords: 16 random characters in groups, meeting the staff password rule', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const p = oneTimePassword();
      expect(p).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      expect(staffPasswordRule.safeParse(p).success).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(50);
  });
});
