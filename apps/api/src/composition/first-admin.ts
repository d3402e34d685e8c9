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
import { randomInt } from 'node:crypto';
import { privilegeNames, staffPasswordRule, staffPrivilegeIds } from '@gp/contracts/staff';
import { inTransaction, type Db } from '../db/database.ts';
import { PasswordHasher, productionCost } from '../modules/sessions/index.ts';
import { audit, StaffAccountRepository } from '../modules/staff/index.ts';

export const staffAdminAccountId = 'admin';

/** No characters that look alike (0/O, 1/l/I). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** 16 random characters (about 93 bits) in four groups, easy to copy from a terminal: `Xk7q-...`. */
export function oneTimePassword(): string {
  for (;;) {
    const chars = Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
    const password = chars.match(/.{4}/g)!.join('-');
    if (staffPasswordRule.safeParse(password).success) return password;
  }
}

const hashOf = (password: string) => new PasswordHasher(productionCost, 1).hash(password);

/** `admin` with every privilege and `password` as its one-time password, audited with no actor. */
export async function createAdmin(db: Db, password: string, how: 'seeded' | 'first_admin') {
  const row = await new StaffAccountRepository(db).create({
    accountId: staffAdminAccountId,
    accountName: 'Administrator',
    passwordHash: await hashOf(password),
    privilegeIds: [...staffPrivilegeIds],
    mustChangePassword: true,
  });
  await audit.record(db, {
    actor: null,
    action: 'staff.account.add',
    target: { type: 'staff_account', id: row.accountId },
    after: { account_name: row.accountName, privileges: privilegeNames(row.privilegeIds), [how]: true },
  });
  return row;
}

export type FirstAdmin =
  { made: 'account' | 'password'; accountId: string; password: string } | { made: false; accounts: number };

export async function firstAdmin(db: Db, now: () => Date = () => new Date()): Promise<FirstAdmin> {
  const password = oneTimePassword();
  return inTransaction(db, async (tx) => {
    const accounts = new StaffAccountRepository(tx);
    const { rows, total } = await accounts.page({ offset: 0, limit: 2 });
    const only = total === 1 ? rows[0] : undefined;
    if (total === 0 && !(await accounts.accountIdTaken(staffAdminAccountId))) {
      const row = await createAdmin(tx, password, 'first_admin');
      return { made: 'account', accountId: row.accountId, password };
    }
    if (only?.accountId === staffAdminAccountId && only.lastLoginAt === null && only.mustChangePassword) {
      await accounts.update(
        only.id,
        { passwordHash: await hashOf(password), mustChangePassword: true },
        now(),
      );
      await audit.record(tx, {
        actor: null,
        action: 'staff.account.save',
        target: { type: 'staff_account', id: only.accountId },
        after: { password_reset: true, first_admin: true },
      });
      return { made: 'password', accountId: only.accountId, password };
    }
    return { made: false, accounts: total };
  });
}
