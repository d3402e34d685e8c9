/**
 * The demo database's staff admin (DESIGN section 5: "one staff admin whose one-time password is printed once and
 * must be changed at first login"), made as the operator's `admin.js first-admin` makes it in production
 * (first-admin.ts). The password is random, stored only as an argon2id hash, and handed to whoever runs the seed
 * through the seed notes; the development start prints it once.
 */
import type { Db } from '../../db/database.ts';
import { StaffAccountRepository } from '../../modules/staff/index.ts';
import { createAdmin, oneTimePassword, staffAdminAccountId } from '../first-admin.ts';
import type { SeedNotes } from './seed-notes.ts';

export async function seedStaffAdmin(db: Db, notes: SeedNotes): Promise<void> {
  if (await new StaffAccountRepository(db).accountIdTaken(staffAdminAccountId)) return;
  const password = oneTimePassword();
  const row = await createAdmin(db, password, 'seeded');
  notes.oneTimePasswords.push({ accountId: row.accountId, password });
}
