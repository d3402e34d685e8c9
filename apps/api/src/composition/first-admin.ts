/**
 * The publisher's first administrator, made by the operator's command (`node apps/api/dist/admin.js first-admin`,
 * src/admin.ts) on the production database: production starts empty and makes no account by itself, so no
 * password ever reaches a log. The demo seed makes the same account on a development database.
 *
 * - No staff account yet: `admin` is made with every privilege and a one-time password (random, stored only as an
 *   argon2id hash, changed at the first login, then a second factor is set up), audited with no actor.
 * - `admin` is the only account and has never logged in (the printed password was lost): a new one-time password
 *   replaces the old one, audited the same way.
 * - Anything else: refused. From then on administrators reset passwords in the console (Staff accounts).
 */
import { privilegeNames, staffPrivilegeIds } from '@gp/contracts/staff';
import { inTransaction, type Db } from '../db/database.ts';
import { PasswordHasher, productionCost } from '../modules/sessions/index.ts';
import { audit, StaffAccountRepository } from '../modules/staff/index.ts';
import { oneTimePassword, staffAdminAccountId } from './seed/staff.seed.ts';

export type FirstAdmin =
  { made: 'account' | 'password'; accountId: string; password: string } | { made: false; accounts: number };

export async function firstAdmin(db: Db, now: () => Date = () => new Date()): Promise<FirstAdmin> {
  const password = oneTimePassword();
  const passwordHash = await new PasswordHasher(productionCost, 1).hash(password);
  return inTransaction(db, async (tx) => {
    const accounts = new StaffAccountRepository(tx);
    const { rows, total } = await accounts.page({ offset: 0, limit: 2 });
    const only = total === 1 ? rows[0] : undefined;
    const target = { type: 'staff_account', id: staffAdminAccountId };
    if (total === 0 && !(await accounts.accountIdTaken(staffAdminAccountId))) {
      const row = await accounts.create({
        accountId: staffAdminAccountId,
        accountName: 'Administrator',
        passwordHash,
        privilegeIds: [...staffPrivilegeIds],
        mustChangePassword: true,
      });
      await audit.record(tx, {
        actor: null,
        action: 'staff.account.add',
        target,
        after: {
          account_name: row.accountName,
          privileges: privilegeNames(row.privilegeIds),
          first_admin: true,
        },
      });
      return { made: 'account', accountId: row.accountId, password };
    }
    if (only?.accountId === staffAdminAccountId && only.lastLoginAt === null && only.mustChangePassword) {
      await accounts.update(only.id, { passwordHash, mustChangePassword: true }, now());
      await audit.record(tx, {
        actor: null,
        action: 'staff.account.save',
        target,
        after: { password_reset: true, first_admin: true },
      });
      return { made: 'password', accountId: only.accountId, password };
    }
    return { made: false, accounts: total };
  });
}
