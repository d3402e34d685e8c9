/** How staff accounts and sessions look in answers (@gp/contracts/staff), and the lockout keys of staff logins. */
import { privilegeNames, type StaffAccountData, type StaffSessionData } from '@gp/contracts/staff';
import { loginNameKey } from '../sessions/index.ts';
import type { AuthenticatedStaff } from './staff-auth.ts';
import type { StaffAccountRow } from './staff-account.repository.ts';

/**
 * Failed staff logins are counted with the passport's LockoutService under keys of their own: per account
 * (`staff:<id>`, 5 failures lock it), per unknown account name (`staff-name:<hash>`, the same, so a lock does not
 * tell which names exist) and per client address (`ip:staff:<address>`, which slows answers down but never locks;
 * staff and member failures from one address are counted apart).
 */
export const staffAccountKey = (staffId: number) => `staff:${staffId}`;
export const staffIpKey = (ip: string) => `ip:staff:${ip}`;
export const staffNameKey = (accountId: string) => loginNameKey(accountId.trim().toLowerCase(), 'staff-name');

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

export function sessionData(
  staff: Pick<
    AuthenticatedStaff,
    'staffId' | 'accountId' | 'accountName' | 'privilegeIds' | 'mustChangePassword' | 'secondFactor'
  >,
): StaffSessionData {
  return {
    staff_id: staff.staffId,
    account_id: staff.accountId,
    account_name: staff.accountName,
    privilege_ids: sorted(staff.privilegeIds),
    privileges: privilegeNames(staff.privilegeIds),
    must_change_password: staff.mustChangePassword ? 1 : 0,
    second_factor: staff.secondFactor ? 1 : 0,
  };
}

export function sessionDataOf(row: StaffAccountRow, secondFactor: boolean): StaffSessionData {
  return sessionData({ ...row, staffId: row.id, secondFactor });
}

export function accountData(row: StaffAccountRow): StaffAccountData {
  return {
    staff_id: row.id,
    account_id: row.accountId,
    account_name: row.accountName,
    privilege_ids: sorted(row.privilegeIds),
    privileges: privilegeNames(row.privilegeIds),
    status: row.status,
    must_change_password: row.mustChangePassword ? 1 : 0,
    email: row.email,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    last_login_ip: row.lastLoginIp,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
