/**
 * Staff login: a graphic captcha, then account and password (argon2id), with a soft lock after repeated
 * failures per account (a growing wait, never a refusal of the right password) and a slowdown
 * per client address (never a lock); then, for an account with a second
 * factor, the second step (second-factor.service.ts); a new session at every login; logout; the own password
 * change, which is also the forced change of a one-time password. Logins, failed logins and logouts are
 * audited.
 */
import { staffPasswordRule, type StaffSecondStepData, type StaffSessionData } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import type { LanguageCode } from '@gp/config';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  isCommonPassword,
  type CaptchaService,
  type LockoutService,
  type PasswordHasher,
} from '../sessions/index.ts';
import { addressLimitKey } from '../rate-limit/index.ts';
import { audit } from './audit.ts';
import { StaffAccountRepository, type StaffAccountRow } from './staff-account.repository.ts';
import {
  openStaffSession,
  type AuthenticatedStaff,
  type OpenedStaffSession,
  type StaffLoginClient,
} from './staff-auth.ts';
import { sessionData, sessionDataOf, staffAccountKey, staffIpKey, staffNameKey } from './staff-data.ts';
import { StaffSessionRepository } from './staff-session.repository.ts';
import type { SecondFactorService } from './second-factor.service.ts';

export interface StaffLoginDeps {
  db: Db;
  captcha: CaptchaService;
  hasher: PasswordHasher;
  lockout: LockoutService;
  secondFactor: SecondFactorService;
  now: Clock;
  /**
   * Tells the staff member that their account was soft-locked (once per episode): an e-mail when the account has
   * an address (factor-notice.ts); the audit row (`soft_locked`) records it either way.
   */
  notifySoftLock?: (account: StaffAccountRow, lang: LanguageCode) => Promise<void>;
}

/** What a right password leads to: a session, or (with a second factor) the pending login's second step. */
export type StaffLoginResult =
  | { staff: StaffSessionData; session: OpenedStaffSession }
  | { secondStep: StaffSecondStepData; pendingId: string };

type FailureReason = 'wrong_password' | 'unknown_account' | 'blocked';

/**
 * A staff account's password logins, counted apart from its password changes (`staffAccountKey`, a hard lock only
 * a session holder can cause): wrong ones soft-lock it, never lock it.
 */
export const staffLoginKey = (staffId: number) => `staff-login:${staffId}`;

export class StaffLoginService {
  constructor(private readonly d: StaffLoginDeps) {}

  private now(): Date {
    return this.d.now();
  }

  async captcha() {
    const created = await this.d.captcha.create();
    return { token: created.img_token, image: created.image, expires_in: created.expires_in };
  }

  /** Checks the answer and spends the captcha in one go (-105 when wrong, stale or spent). */
  private async solveCaptcha(token: string, answer: string): Promise<void> {
    try {
      await this.d.captcha.spend(token, answer);
    } catch (error) {
      // The passport's refusal, answered in the staff domain.
      if (error instanceof AppError) throw new AppError(error.code);
      throw error;
    }
  }

  /**
   * Like the member login (passport account.service.ts): the address is counted and slowed down but never locked;
   * each try on an account (or unknown name) is counted in one statement before the password is checked, and
   * after 5 wrong ones in a day the account is soft-locked: every answer waits longer (doubling, capped), but the
   * right password always gets in and clears the count. Every staff login solves a new captcha in the same
   * request, so the captcha a soft lock asks for is always there; nobody can lock an agent out by their name. The
   * wrong password that soft-locks the account is audited (`soft_locked`), so administrators see it. An unknown
   * name is counted and checked against a dummy hash alike and answers like a wrong password.
   */
  async login(
    input: { account_id: string; account_pwd: string; token: string; captcha_code: string },
    client: StaffLoginClient,
  ): Promise<StaffLoginResult> {
    const ip = client.ip;
    const address = await this.d.lockout.beginAddressAttempt(staffIpKey(addressLimitKey(ip)));
    let failed = false;
    try {
      await this.solveCaptcha(input.token, input.captcha_code);
      const found = await new StaffAccountRepository(this.d.db).byAccountId(input.account_id);
      const key = found ? staffLoginKey(found.id) : staffNameKey(input.account_id);
      const refuse = async (reason: FailureReason, code: number, softLocked = false): Promise<never> => {
        // A name typed into the account field may be a password: an unknown one is not written down.
        await audit.record(this.d.db, {
          actor: null,
          action: 'staff.login_failed',
          target: found ? { type: 'staff_account', id: found.accountId } : null,
          after: softLocked ? { reason, soft_locked: true } : { reason },
          ip,
        });
        throw new AppError(code);
      };
      const attempt = await this.d.lockout.beginLoginTry(key);
      const passwordOk = await this.d.hasher.verifyOrDummy(found?.passwordHash, input.account_pwd);
      if (!found || !passwordOk) {
        failed = true;
        if (found && attempt.locks) await this.d.notifySoftLock?.(found, client.lang ?? 'en');
        // An unknown account answers like a wrong password: the login does not tell which accounts exist.
        return await refuse(
          found ? 'wrong_password' : 'unknown_account',
          codes.staffWrongCredentials,
          attempt.locks && found !== undefined,
        );
      }
      await attempt.succeeded();
      // Only someone who knows the password learns that the account is blocked.
      if (found.status === 'blocked') return await refuse('blocked', codes.staffAccountBlocked);
      // An account with a second factor gets no session from a password alone.
      const second = await this.d.secondFactor.beginSecondStep(found.id, ip);
      if (second) return { secondStep: second.answer, pendingId: second.id };
      const at = this.now();
      const session = await inTransaction(this.d.db, async (tx) => {
        const opened = await openStaffSession(new StaffSessionRepository(tx), found.id, at, client, false);
        await new StaffAccountRepository(tx).recordLogin(found.id, at, ip);
        await audit.record(tx, {
          actor: { staffId: found.id, accountId: found.accountId, ip },
          action: 'staff.login',
          target: { type: 'staff_account', id: found.accountId },
        });
        return opened;
      });
      return { staff: sessionDataOf(found, false), session };
    } finally {
      // Only a wrong password (or an unknown name) counts against the address.
      if (!failed) await address.release();
    }
  }

  /** Ends this session; the routes clear its cookies. */
  async logout(staff: AuthenticatedStaff): Promise<null> {
    await inTransaction(this.d.db, async (tx) => {
      await new StaffSessionRepository(tx).revoke(staff.sessionIdHash, this.now());
      await audit.record(tx, {
        actor: staff,
        action: 'staff.logout',
        target: { type: 'staff_account', id: staff.accountId },
      });
    });
    return null;
  }

  /**
   * The caller's own password: the current one, then the new one twice. Wrong current passwords count towards
   * the account's lockout like failed logins. The caller's other sessions end; this one stays.
   */
  async changePassword(
    staff: AuthenticatedStaff,
    input: { old_pwd: string; new_pwd: string; re_pwd: string },
  ): Promise<StaffSessionData> {
    const row = await new StaffAccountRepository(this.d.db).byId(staff.staffId);
    if (!row) throw new AppError(codes.notLoggedIn);
    const key = staffAccountKey(row.id);
    const attempt = await this.d.lockout.beginTry(key);
    if (!attempt) throw new AppError(codes.staffTooManyLogins);
    if (!(await this.d.hasher.verify(row.passwordHash, input.old_pwd))) {
      throw new AppError(attempt.last ? codes.staffTooManyLogins : codes.staffOldPasswordWrong);
    }
    // The right current password: the try taken for it is no failure, whatever the new password's fate.
    await this.d.lockout.recordSuccess(key);
    if (!staffPasswordRule.safeParse(input.new_pwd).success) throw new AppError(codes.staffPasswordRule);
    if (isCommonPassword(input.new_pwd)) throw new AppError(codes.staffPasswordCommon);
    if (input.new_pwd !== input.re_pwd) throw new AppError(codes.staffPasswordsDiffer);
    if (input.new_pwd === input.old_pwd) throw new AppError(codes.staffNewPasswordSameAsOld);
    const passwordHash = await this.d.hasher.hash(input.new_pwd);
    const at = this.now();
    const updated = await inTransaction(this.d.db, async (tx) => {
      const saved = await new StaffAccountRepository(tx).update(
        row.id,
        { passwordHash, mustChangePassword: false, passwordChangedAt: at },
        at,
      );
      const sessions = new StaffSessionRepository(tx);
      await sessions.revokeOthers(row.id, staff.sessionIdHash, at);
      // A session yet to enrol (the forced first change) just proved the password, all a first enrolment asks.
      if (!staff.secondFactor) await sessions.markReauth(staff.sessionIdHash, at);
      await audit.record(tx, {
        actor: staff,
        action: 'staff.account.password',
        target: { type: 'staff_account', id: row.accountId },
        ...(row.mustChangePassword
          ? { before: { must_change_password: true }, after: { must_change_password: false } }
          : {}),
      });
      return saved;
    });
    return sessionDataOf(updated, staff.secondFactor);
  }

  check(staff: AuthenticatedStaff): StaffSessionData {
    return sessionData(staff);
  }
}
