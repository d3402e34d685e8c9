/**
 * The first staff account (DESIGN section 5: "one staff admin whose one-time password is printed once and must be
 * changed at first login"). Applied on every empty database, demo data or not: without it nobody could log in
 * to the console. The password is random, stored only as an argon2id hash, and handed to whoever runs the seed
 * through the seed notes; server.ts prints it once.
 */
import { randomInt } from 'node:crypto';
import { privilegeNames, staffPasswordRule, staffPrivilegeIds } from '@gp/contracts/staff';
import type { Db } from '../../db/database.ts';
import { PasswordHasher, productionCost } from '../../modules/sessions/index.ts';
import { audit, StaffAccountRepository } from '../../modules/staff/index.ts';
import type { SeedNotes } from './seed-notes.ts';

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

export async function seedStaffAdmin(db: Db, notes: SeedNotes): Promise<void> {
  const accounts = new StaffAccountRepository(db);
  if (await accounts.accountIdTaken(staffAdminAccountId)) return;
  const password = oneTimePassword();
  const row = await accounts.create({
    accountId: staffAdminAccountId,
    accountName: 'Administrator',
    passwordHash: await new PasswordHasher(productionCost, 1).hash(password),
    privilegeIds: [...staffPrivilegeIds],
    mustChangePassword: true,
  });
  await audit.record(db, {
    actor: null,
    action: 'staff.account.add',
    target: { type: 'staff_account', id: row.accountId },
    after: { account_name: row.accountName, privileges: privilegeNames(row.privilegeIds), seeded: true },
  });
  notes.oneTimePasswords.push({ accountId: row.accountId, password });
}
