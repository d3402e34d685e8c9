/**
 * The console never loses its last administrator: no change may leave no active account holding
 * `staff.accounts` (-40009), also when two administrators act at once. A file of its own, since it counts every
 * holder in the database (the seeded `admin` is one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { privilegeId } from '@gp/contracts/staff';
import { staffAccount } from '../../db/schema/staff.schema.ts';
import { createTestApp } from '../../../test/test-app.ts';
import {
  loginTestStaff,
  staffGet,
  staffPost,
  staffTestEnv,
  type TestStaff,
} from '../../../test/staff-session.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(staffTestEnv);
});
afterAll(() => t.close());

/** account_ids of the active accounts holding staff.accounts. */
async function activeHolders(): Promise<string[]> {
  const rows = await t.db
    .select({ accountId: staffAccount.accountId })
    .from(staffAccount)
    .where(
      and(
        isNull(staffAccount.deletedAt),
        eq(staffAccount.status, 'active'),
        sql`${privilegeId('staff.accounts')} = any(${staffAccount.privilegeIds})`,
      ),
    );
  return rows.map((r) => r.accountId);
}

const dropAccounts = (by: TestStaff, of: TestStaff) =>
  staffPost(t.app, by, '/csmng/account/save', { account_id: of.accountId, privilege_ids: [1] }).then(
    (r) => r.json().code as number,
  );

describe('the last holder of staff.accounts', () => {
  it('cannot give the privilege up; blocked holders do not count', async () => {
    const a = await loginTestStaff(t.db, { accountId: 'first-admin', privileges: 'all' });
    // The seeded admin is the other holder; once blocked it no longer counts.
    expect((await staffGet(t.app, a, '/csmng/account/limit', { account_id: 'admin' })).json().code).toBe(0);
    const refused = await staffPost(t.app, a, '/csmng/account/save', {
      account_id: 'first-admin',
      privilege_ids: [1],
    });
    expect(refused.json()).toMatchObject({
      code: -40009,
      message: 'At least one active account must keep the privilege to manage staff accounts.',
    });
    // With a second holder it may; then the second one is the last.
    const b = await loginTestStaff(t.db, { accountId: 'second-admin', privileges: ['staff.accounts'] });
    expect(await dropAccounts(a, a)).toBe(0);
    expect(await dropAccounts(b, b)).toBe(-40009);
    expect((await staffGet(t.app, a, '/csmng/account/list')).json().code).toBe(-401);
    // Blocking or deleting the last holder would need another holder to ask: only a race gets there (below).
    expect(
      (await staffGet(t.app, b, '/csmng/account/limit', { account_id: 'second-admin' })).json().code,
    ).toBe(-40008);
  });

  it('two administrators removing each other at once: one of them stays', async () => {
    // Start from exactly two active holders.
    const x = await loginTestStaff(t.db, { accountId: 'admin-x', privileges: ['staff.accounts'] });
    const y = await loginTestStaff(t.db, { accountId: 'admin-y', privileges: ['staff.accounts'] });
    for (const accountId of await activeHolders()) {
      if (accountId === x.accountId || accountId === y.accountId) continue;
      expect((await staffGet(t.app, x, '/csmng/account/limit', { account_id: accountId })).json().code).toBe(
        0,
      );
    }
    expect((await activeHolders()).sort()).toEqual(['admin-x', 'admin-y']);
    // Whoever comes second is refused: -40009 when it got past the privilege check before the first committed,
    // else -401 (its privilege is gone by then).
    const codes = await Promise.all([dropAccounts(x, y), dropAccounts(y, x)]);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect([-40009, -401]).toContain(codes.find((c) => c !== 0));
    expect(await activeHolders()).toHaveLength(1);

    // Deleting each other at once: the second one hears -40009 or, its account deleted, -101.
    const survivor = codes[0] === 0 ? x : y;
    const other = survivor === x ? y : x;
    const regrant = await staffPost(t.app, survivor, '/csmng/account/save', {
      account_id: other.accountId,
      privilege_ids: [8],
    });
    expect(regrant.json().code).toBe(0);
    const deletes = await Promise.all([
      staffGet(t.app, x, '/csmng/account/del', { account_id: y.accountId }).then(
        (r) => r.json().code as number,
      ),
      staffGet(t.app, y, '/csmng/account/del', { account_id: x.accountId }).then(
        (r) => r.json().code as number,
      ),
    ]);
    expect(deletes.filter((c) => c === 0)).toHaveLength(1);
    expect([-40009, -101]).toContain(deletes.find((c) => c !== 0));
    expect(await activeHolders()).toHaveLength(1);
  });
});
