/**
 * Who calls a non-public call, as the kernel hands it to handlers (register-call.ts). The accounts and staff
 * modules authenticate and fill them; the kernel only carries them.
 */

/** The member of a member call. */
export interface AuthenticatedMember {
  mid: number;
  userId: string;
  nickName: string;
  loginType: number;
  /** Hash of the session id, to revoke exactly this session. */
  sessionIdHash: string;
}

/** The staff member of a staff call. */
export interface AuthenticatedStaff {
  staffId: number;
  accountId: string;
  accountName: string;
  privilegeIds: number[];
  /** The password is a one-time password: only `self` calls work until it is changed. */
  mustChangePassword: boolean;
  /** The account has a second factor; until it has, only `self` calls work (enrolment). */
  secondFactor: boolean;
  /** Hash of the session id, to revoke exactly this session. */
  sessionIdHash: string;
  /** The client address of this request (audit rows). */
  ip: string;
}
