/**
 * Staff accounts and their privileges. New accounts and passwords an administrator sets are one-time
 * passwords (changed at the owner's next login). Blocking, deleting or resetting the password ends the
 * account's sessions at once. Nobody blocks or deletes their own account or resets their own password here,
 * and no change may leave the console without an active account holding `staff.accounts`. Every change is
 * audited in its own transaction.
 */
import {
  privilegeId,
  privilegeNames,
  staffPasswordRule,
  type StaffAccountData,
  type StaffAccountPageData,
} from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, isUniqueViolation, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { isCommonPassword, type LockoutService, type PasswordHasher } from '../sessions/index.ts';
import { audit } from './audit.ts';
import {
  StaffAccountRepository,
  type StaffAccountPatch,
  type StaffAccountRow,
} from './staff-account.repository.ts';
import { requirePrivilege, type AuthenticatedStaff } from './staff-auth.ts';
import { accountData, staffAccountKey } from './staff-data.ts';
import { StaffSessionRepository } from './staff-session.repository.ts';

export interface StaffAccountDeps {
  db: Db;
  hasher: PasswordHasher;
  lockout: LockoutService;
  now: Clock;
}

const accountsPrivilege = privilegeId('staff.accounts');
const target = (row: StaffAccountRow) => ({ type: 'staff_account', id: row.accountId });
const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const sameIds = (a: readonly number[], b: readonly number[]) =>
  sortedIds(a).join(',') === sortedIds(b).join(',');

export class StaffAccountService {
  constructor(private readonly d: StaffAccountDeps) {}

  private now(): Date {
    return this.d.now();
  }

  private async find(accountId: string): Promise<StaffAccountRow> {
    const row = await new StaffAccountRepository(this.d.db).byAccountId(accountId);
    if (!row) throw new AppError(codes.staffAccountNotFound);
    return row;
  }

  /** Refuses what only others may have done to them: block, delete, a password set by someone else. */
  private notSelf(staff: AuthenticatedStaff, row: StaffAccountRow): void {
    if (row.id === staff.staffId) throw new AppError(codes.staffNotOnOwnAccount);
  }

  /**
   * Inside the transaction of a change that takes `row` out of the active holders of `staff.accounts`: refuses
   * when it is the last one (-40009). The holders stay locked until the change commits.
   */
  private async keepAnAdministrator(tx: Db, row: StaffAccountRow): Promise<void> {
    const holders = await new StaffAccountRepository(tx).lockActiveHolders(accountsPrivilege);
    if (holders.includes(row.id) && holders.length <= 1) throw new AppError(codes.staffLastAccountsAdmin);
  }

  private async passwordHash(password: string): Promise<string> {
    if (!staffPasswordRule.safeParse(password).success) throw new AppError(codes.staffPasswordRule);
    if (isCommonPassword(password)) throw new AppError(codes.staffPasswordCommon);
    return this.d.hasher.hash(password);
  }

  async page(input: { s_account_id?: string | undefined; page_num: number; page_size: number }) {
    const { rows, total } = await new StaffAccountRepository(this.d.db).page({
      ...(input.s_account_id ? { search: input.s_account_id } : {}),
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    return {
      list: rows.map(accountData),
      total,
      page_num: input.page_num,
      page_size: input.page_size,
    } satisfies StaffAccountPageData;
  }

  /** One's own account for anyone; another's for holders of `staff.accounts` only. */
  async detail(staff: AuthenticatedStaff, accountId: string): Promise<StaffAccountData> {
    if (accountId !== staff.accountId) requirePrivilege(staff, 'staff.accounts');
    return accountData(await this.find(accountId));
  }

  async add(
    staff: AuthenticatedStaff,
    input: {
      account_id: string;
      account_name: string;
      account_pwd: string;
      privilege_ids: number[];
      email?: string | null | undefined;
    },
  ): Promise<StaffAccountData> {
    const repo = new StaffAccountRepository(this.d.db);
    if (await repo.accountIdTaken(input.account_id)) throw new AppError(codes.staffAccountExists);
    const passwordHash = await this.passwordHash(input.account_pwd);
    try {
      return await inTransaction(this.d.db, async (tx) => {
        const row = await new StaffAccountRepository(tx).create({
          accountId: input.account_id,
          accountName: input.account_name,
          passwordHash,
          privilegeIds: sortedIds(input.privilege_ids),
          mustChangePassword: true,
          createdBy: staff.staffId,
          email: input.email ?? null,
        });
        await audit.record(tx, {
          actor: staff,
          action: 'staff.account.add',
          target: target(row),
          after: {
            account_name: row.accountName,
            privileges: privilegeNames(row.privilegeIds),
            ...(row.email ? { email: row.email } : {}),
          },
        });
        return accountData(row);
      });
    } catch (error) {
      // Two administrators adding the same account_id at once: the second one hears that it exists.
      if (isUniqueViolation(error)) throw new AppError(codes.staffAccountExists);
      throw error;
    }
  }

  /**
   * Sets the fields given. A new `account_pwd` is a one-time password: the owner must change it at next login,
   * their sessions end and their lockout is lifted. Nothing changed: nothing written, nothing audited.
   */
  async save(
    staff: AuthenticatedStaff,
    input: {
      account_id: string;
      account_name?: string | undefined;
      privilege_ids?: number[] | undefined;
      account_pwd?: string | undefined;
      email?: string | null | undefined;
    },
  ): Promise<StaffAccountData> {
    const row = await this.find(input.account_id);
    if (input.account_pwd !== undefined) this.notSelf(staff, row);
    const patch: StaffAccountPatch = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (input.account_name !== undefined && input.account_name !== row.accountName) {
      patch.accountName = input.account_name;
      before.account_name = row.accountName;
      after.account_name = input.account_name;
    }
    if (input.privilege_ids !== undefined && !sameIds(input.privilege_ids, row.privilegeIds)) {
      patch.privilegeIds = sortedIds(input.privilege_ids);
      before.privileges = privilegeNames(row.privilegeIds);
      after.privileges = privilegeNames(patch.privilegeIds);
    }
    if (input.email !== undefined && input.email !== row.email) {
      patch.email = input.email;
      before.email = row.email;
      after.email = input.email;
    }
    if (input.account_pwd !== undefined) {
      patch.passwordHash = await this.passwordHash(input.account_pwd);
      patch.mustChangePassword = true;
      after.password_reset = true;
    }
    if (Object.keys(patch).length === 0) return accountData(row);
    const losesAdmin =
      patch.privilegeIds !== undefined &&
      row.privilegeIds.includes(accountsPrivilege) &&
      !patch.privilegeIds.includes(accountsPrivilege);
    const at = this.now();
    const saved = await inTransaction(this.d.db, async (tx) => {
      if (losesAdmin) await this.keepAnAdministrator(tx, row);
      const updated = await new StaffAccountRepository(tx).update(row.id, patch, at);
      if (patch.passwordHash) await new StaffSessionRepository(tx).revokeAllOf(row.id, at);
      await audit.record(tx, {
        actor: staff,
        action: 'staff.account.save',
        target: target(row),
        before,
        after,
      });
      return updated;
    });
    if (patch.passwordHash) await this.d.lockout.recordSuccess(staffAccountKey(row.id));
    return accountData(saved);
  }

  /** Soft delete: the row stays for the records that name it; the account_id is never reused. */
  async remove(staff: AuthenticatedStaff, accountId: string): Promise<null> {
    const row = await this.find(accountId);
    this.notSelf(staff, row);
    const at = this.now();
    await inTransaction(this.d.db, async (tx) => {
      await this.keepAnAdministrator(tx, row);
      await new StaffAccountRepository(tx).update(row.id, { deletedAt: at }, at);
      await new StaffSessionRepository(tx).revokeAllOf(row.id, at);
      await audit.record(tx, {
        actor: staff,
        action: 'staff.account.delete',
        target: target(row),
        before: {
          account_name: row.accountName,
          privileges: privilegeNames(row.privilegeIds),
          status: row.status,
        },
      });
    });
    return null;
  }

  /** Blocks an account (spec "limit"); blocking a blocked one changes nothing. */
  async block(staff: AuthenticatedStaff, accountId: string): Promise<StaffAccountData> {
    return this.setStatus(staff, accountId, 'blocked');
  }

  /** Unblocks an account (spec "unseal"); unsealing an active one changes nothing. */
  async unseal(staff: AuthenticatedStaff, accountId: string): Promise<StaffAccountData> {
    return this.setStatus(staff, accountId, 'active');
  }

  /**
   * Blocks or unblocks, audited. A block is never of one's own account nor of the last administrator, and ends
   * the account's sessions.
   */
  private async setStatus(
    staff: AuthenticatedStaff,
    accountId: string,
    status: 'active' | 'blocked',
  ): Promise<StaffAccountData> {
    const row = await this.find(accountId);
    const blocking = status === 'blocked';
    if (blocking) this.notSelf(staff, row);
    if (row.status === status) return accountData(row);
    const at = this.now();
    const saved = await inTransaction(this.d.db, async (tx) => {
      if (blocking) await this.keepAnAdministrator(tx, row);
      const updated = await new StaffAccountRepository(tx).update(row.id, { status }, at);
      if (blocking) await new StaffSessionRepository(tx).revokeAllOf(row.id, at);
      await audit.record(tx, {
        actor: staff,
        action: blocking ? 'staff.account.block' : 'staff.account.unseal',
        target: target(row),
        before: { status: row.status },
        after: { status },
      });
      return updated;
    });
    return accountData(saved);
  }
}
