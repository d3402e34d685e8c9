/**
 * The staff second factor: an authenticator app (TOTP, RFC 6238), passkeys (WebAuthn) and ten one-time
 * recovery codes. Every staff account needs one: without it only the `self` calls work (-40020, see
 * `requirePrivilege`), and the console sends the member to enrolment; with it, a right password opens no
 * session but a pending login (5 minutes, the HttpOnly `gp_staff_2fa` cookie) that can only be finished here.
 * Wrong second steps are counted per account apart from passwords (`staff-2fa:<id>`, 5 then 30 minutes
 * locked), so a thief with the password cannot reset the count by logging in again.
 *
 * Privilege belongs to the session, not the account: a session is full only when it passed the
 * login's second step or did its account's first enrolment itself (`staff_session.second_factor_at`). Every factor
 * change (an app or passkey added, a passkey removed, new recovery codes, an administrator's reset) ends the
 * account's other sessions, is audited and e-mails the owner; and it needs a step-up of the last 5 minutes in this
 * session (`reauth`: the password and a current factor, the password alone while the account has none), so a
 * stolen session cookie cannot swap the factors (item 2). The step-up is recorded on the session rather than
 * carried in each request because a change is two requests (start, confirm; options, add) and a passkey proof
 * needs a challenge of its own: one call proves once, and the changes only ask the session how long ago.
 */
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { LanguageCode } from '@gp/config';
import type { StaffSecondFactorData, StaffSecondStepData, StaffSessionData } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashSessionId, newToken, type LockoutService, type PasswordHasher } from '../sessions/index.ts';
import {
  credentialIdOf,
  forgetWebAuthnChallenges,
  webAuthnCeremonies,
  webAuthnChallenges,
  type WebAuthnCeremonies,
} from '../webauthn/index.ts';
import { audit } from './audit.ts';
import { noticeFactorChange, type FactorChange } from './factor-notice.ts';
import { RecoveryCodeHmac } from './recovery-code.hmac.ts';
import { StaffAccountRepository } from './staff-account.repository.ts';
import {
  openStaffSession,
  type AuthenticatedStaff,
  type OpenedStaffSession,
  type StaffLoginClient,
} from './staff-auth.ts';
import { sessionDataOf, staffAccountKey } from './staff-data.ts';
import { SecondFactorRepository } from './second-factor.repository.ts';
import type { TotpSecretBox } from './totp-secret.box.ts';
import { StaffSessionRepository } from './staff-session.repository.ts';

const minute = 60_000;
export const secondFactorPolicy = {
  /** How long the second step of a login may take. */
  pendingMs: 5 * minute,
  /** TOTP time step, and how far the client's clock may be off (one step either way). */
  periodSeconds: 30,
  toleranceSeconds: 30,
  recoveryCodes: 10,
  /** How recent a step-up must be for a factor change. */
  stepUpMs: 5 * minute,
} as const;

/** The lockout key of an account's second steps (apart from its passwords': see the file comment). */
export const secondStepKey = (staffId: number) => `staff-2fa:${staffId}`;

// 31 letters and digits without look-alikes (0/o, 1/l/i): 10 of them are 49.5 random bits.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/**
 * The staff's ceremonies. The relying party is the console: its host (rpID) and origin come from
 * CS_ADMIN_ORIGIN. A second factor after the password: the device verifies its user where it can.
 */
export const secondFactorCeremonies = (consoleOrigin: string): WebAuthnCeremonies =>
  webAuthnCeremonies(consoleOrigin, 'Staff console', {
    userVerification: 'preferred',
    residentKey: 'preferred',
  });

/** Registration challenges, per account (the login's live in its pending row). */
const registerPurpose = 'staff.register';
/** A step-up's passkey challenges, per account. */
const reauthPurpose = 'staff.reauth';

export interface SecondFactorDeps {
  db: Db;
  /** Seals the authenticator-app secrets at rest (STAFF_TOTP_KEY). */
  box: TotpSecretBox;
  /** Keyed hashes of the recovery codes (STAFF_TOTP_KEY). */
  recoveryCodes: RecoveryCodeHmac;
  hasher: PasswordHasher;
  lockout: LockoutService;
  webAuthn: WebAuthnCeremonies;
  now: Clock;
}

type Method = 'totp' | 'recovery_code' | 'passkey';

/** A step-up's proof: the password, and one current factor when the account has one. */
export interface StepUpInput {
  password: string;
  totp?: string | undefined;
  recovery_code?: string | undefined;
  passkey?: Record<string, unknown> | undefined;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export class SecondFactorService {
  constructor(private readonly d: SecondFactorDeps) {}

  private repo(db: Db = this.d.db) {
    return new SecondFactorRepository(db, this.d.box);
  }

  /**
   * At the start: seals the authenticator-app secrets still stored in clear, and stops the start when
   * STAFF_TOTP_KEY does not open the sealed ones (a changed key would refuse every staff code, silently).
   */
  async sealStoredSecrets(): Promise<number> {
    const repo = this.repo();
    if (!(await repo.keyOpensStoredSecrets())) {
      throw new Error(
        'STAFF_TOTP_KEY does not open the authenticator-app secrets stored in staff_totp: set the key they were sealed with',
      );
    }
    const sealed = await repo.sealClearSecrets();
    // Every secret is sealed now: one in clear from here on was planted, not left over.
    this.d.box.refuseClear();
    return sealed;
  }

  private now(): Date {
    return this.d.now();
  }

  /** The time step a code of `secret` has, if it is right now (within one step either way), else undefined. */
  private async stepOf(secret: string, code: string, afterStep?: number | null): Promise<number | undefined> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.now().getTime() / 1000),
      period: secondFactorPolicy.periodSeconds,
      epochTolerance: secondFactorPolicy.toleranceSeconds,
      ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
    });
    // The functional API answers HOTP's shape too; a TOTP result carries the step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  /** Ten new codes for the account, replacing any it had; answers them in clear, once. */
  private async newRecoveryCodes(tx: Db, staffId: number, at: Date): Promise<string[]> {
    const fresh = Array.from({ length: secondFactorPolicy.recoveryCodes }, newRecoveryCode);
    await this.repo(tx).replaceRecoveryCodes(
      staffId,
      fresh.map((code) => this.d.recoveryCodes.hash(code)),
      at,
    );
    return fresh;
  }

  /** Recovery codes come with the first second factor, unless the account has a set already. */
  private async firstRecoveryCodes(tx: Db, staffId: number, at: Date): Promise<string[] | null> {
    const { all } = await this.repo(tx).recoveryCodeCount(staffId);
    return all === 0 ? this.newRecoveryCodes(tx, staffId, at) : null;
  }

  // ---- Step-up ----

  /**
   * Refuses a factor change unless this session stepped up within `stepUpMs` (-40026): asked before anything of
   * the change is done.
   */
  private async requireStepUp(staff: AuthenticatedStaff): Promise<void> {
    const at = await new StaffSessionRepository(this.d.db).reauthAt(staff.sessionIdHash);
    if (!at || this.now().getTime() - at.getTime() > secondFactorPolicy.stepUpMs) {
      throw new AppError(codes.staffStepUpRequired);
    }
  }

  private reauthChallenges(staffId: number) {
    return webAuthnChallenges(this.d.db, this.d.now, reauthPurpose, String(staffId));
  }

  /** WebAuthn options for a step-up with one of one's passkeys (-40026 when the account has none). */
  async reauthPasskeyOptions(staff: AuthenticatedStaff) {
    const passkeys = await this.repo().passkeysOf(staff.staffId);
    if (passkeys.length === 0) throw new AppError(codes.staffPasskeyFailed);
    return this.d.webAuthn.authenticationOptions(passkeys, this.reauthChallenges(staff.staffId).keep);
  }

  /**
   * A step-up: the password (wrong: 510008, counted under the account's login key like a failed login), then, when
   * the account has a factor, one current factor (wrong: -40021 / -40023, counted with the login's second steps);
   * 500004 when either count is used up. Records the step-up on the session; answers until when it holds.
   */
  async reauth(staff: AuthenticatedStaff, input: StepUpInput): Promise<{ valid_until: string }> {
    const row = await new StaffAccountRepository(this.d.db).byId(staff.staffId);
    if (!row) throw new AppError(codes.notLoggedIn);
    const passwordKey = staffAccountKey(row.id);
    const attempt = await this.d.lockout.beginTry(passwordKey);
    if (!attempt) throw new AppError(codes.staffTooManyLogins);
    if (!(await this.d.hasher.verify(row.passwordHash, input.password))) {
      throw new AppError(attempt.last ? codes.staffTooManyLogins : codes.staffOldPasswordWrong);
    }
    await this.d.lockout.recordSuccess(passwordKey);
    if (await this.repo().hasSecondFactor(row.id)) await this.proveFactor(row.id, input);
    const at = this.now();
    await new StaffSessionRepository(this.d.db).markReauth(staff.sessionIdHash, at);
    return { valid_until: new Date(at.getTime() + secondFactorPolicy.stepUpMs).toISOString() };
  }

  /** One current factor of the account, counted like a login's second step. */
  private async proveFactor(staffId: number, input: StepUpInput): Promise<void> {
    const method: Method | undefined = input.totp
      ? 'totp'
      : input.recovery_code
        ? 'recovery_code'
        : input.passkey
          ? 'passkey'
          : undefined;
    // The account has a factor: the password alone proves nothing a stolen session lacks.
    if (!method) throw new AppError(codes.staffStepUpRequired);
    const key = secondStepKey(staffId);
    const slot = await this.d.lockout.beginTry(key);
    if (!slot) throw new AppError(codes.staffTooManyLogins);
    let ok = false;
    if (method === 'totp') ok = await this.checkTotp(staffId, input.totp ?? '');
    else if (method === 'recovery_code')
      ok = await this.spendRecoveryCode(staffId, input.recovery_code ?? '');
    else {
      ok = await this.checkPasskey(staffId, input.passkey ?? {}, this.reauthChallenges(staffId).take);
    }
    if (!ok) {
      throw new AppError(
        slot.last
          ? codes.staffTooManyLogins
          : method === 'passkey'
            ? codes.staffPasskeyFailed
            : codes.staffSecondFactorWrong,
      );
    }
    await this.d.lockout.recordSuccess(key);
  }

  private async checkTotp(staffId: number, code: string): Promise<boolean> {
    const totp = await this.repo().totpOf(staffId);
    if (!totp?.secret || !totp.confirmedAt) return false;
    const step = await this.stepOf(totp.secret, code, totp.lastStep);
    // The step is claimed in one statement: of two simultaneous uses of one code, one wins.
    return step !== undefined && (await this.repo().claimStep(staffId, step, this.now()));
  }

  private spendRecoveryCode(staffId: number, code: string): Promise<boolean> {
    return this.repo().spendRecoveryCode(
      staffId,
      [this.d.recoveryCodes.hash(code), RecoveryCodeHmac.legacy(code)],
      this.now(),
    );
  }

  private async checkPasskey(
    staffId: number,
    response: Record<string, unknown>,
    take: (challenge: string) => Promise<boolean>,
  ): Promise<boolean> {
    const credentialId = credentialIdOf(response);
    const passkey = credentialId && (await this.repo().passkeyByCredential(staffId, credentialId));
    if (!passkey) return false;
    const counter = await this.d.webAuthn.verifyAuthentication(response, passkey, take);
    if (counter === undefined) return false;
    await this.repo().passkeyUsed(passkey.id, counter, this.now());
    return true;
  }

  /**
   * What every change of one's own factors does in its transaction besides the change: this session becomes a
   * full one (it proved the factor it just added, or already was), the account's other sessions end, and the
   * owner is e-mailed.
   */
  private async afterOwnChange(
    tx: Db,
    staff: AuthenticatedStaff,
    change: FactorChange,
    at: Date,
    lang: LanguageCode,
  ): Promise<void> {
    const sessions = new StaffSessionRepository(tx);
    if (change === 'totpAdded' || change === 'passkeyAdded') {
      await sessions.markSecondFactor(staff.sessionIdHash, at);
    }
    await sessions.revokeOthers(staff.staffId, staff.sessionIdHash, at);
    const row = await new StaffAccountRepository(tx).byId(staff.staffId);
    if (row) await noticeFactorChange(tx, row, change, at, lang);
  }

  // ---- Own factors ----

  async detail(staff: AuthenticatedStaff): Promise<StaffSecondFactorData> {
    const repo = this.repo();
    const totp = await repo.totpOf(staff.staffId);
    const passkeys = await repo.passkeysOf(staff.staffId);
    const recovery = await repo.recoveryCodeCount(staff.staffId);
    return {
      totp:
        totp?.secret && totp.confirmedAt
          ? { confirmed_at: totp.confirmedAt.toISOString(), last_used_at: iso(totp.lastUsedAt) }
          : null,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        created_at: p.createdAt.toISOString(),
        last_used_at: iso(p.lastUsedAt),
      })),
      recovery_codes_left: recovery.left,
      recovery_codes_created_at: iso(recovery.createdAt),
    };
  }

  async startTotp(staff: AuthenticatedStaff) {
    await this.requireStepUp(staff);
    const secret = generateSecret();
    await this.repo().setPendingSecret(staff.staffId, secret);
    const otpauthUrl = generateURI({
      issuer: this.d.webAuthn.party.rpID,
      label: staff.accountId,
      secret,
      period: secondFactorPolicy.periodSeconds,
    });
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauth_url: otpauthUrl,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  async confirmTotp(
    staff: AuthenticatedStaff,
    code: string,
    lang: LanguageCode,
  ): Promise<{ recovery_codes: string[] | null }> {
    const row = await this.repo().totpOf(staff.staffId);
    if (!row?.pendingSecret || !row.pendingStored) throw new AppError(codes.staffEnrolmentNotStarted);
    const pending = row.pendingStored;
    const step = await this.stepOf(row.pendingSecret, code);
    if (step === undefined) throw new AppError(codes.staffSecondFactorWrong);
    const at = this.now();
    return inTransaction(this.d.db, async (tx) => {
      if (!(await this.repo(tx).confirmSecret(staff.staffId, pending, step, at))) {
        throw new AppError(codes.staffEnrolmentNotStarted);
      }
      await audit.record(tx, {
        actor: staff,
        action: 'staff.second_factor.enrol',
        target: { type: 'staff_account', id: staff.accountId },
        ...(row.secret ? { after: { replaced: true } } : {}),
      });
      await this.afterOwnChange(tx, staff, 'totpAdded', at, lang);
      return { recovery_codes: await this.firstRecoveryCodes(tx, staff.staffId, at) };
    });
  }

  async regenerateRecoveryCodes(
    staff: AuthenticatedStaff,
    lang: LanguageCode,
  ): Promise<{ recovery_codes: string[] }> {
    if (!(await this.repo().hasSecondFactor(staff.staffId)))
      throw new AppError(codes.staffSecondFactorRequired);
    await this.requireStepUp(staff);
    const at = this.now();
    return inTransaction(this.d.db, async (tx) => {
      const fresh = await this.newRecoveryCodes(tx, staff.staffId, at);
      await audit.record(tx, {
        actor: staff,
        action: 'staff.second_factor.recovery_codes',
        target: { type: 'staff_account', id: staff.accountId },
      });
      await this.afterOwnChange(tx, staff, 'recoveryCodes', at, lang);
      return { recovery_codes: fresh };
    });
  }

  private registerChallenges(staffId: number) {
    return webAuthnChallenges(this.d.db, this.d.now, registerPurpose, String(staffId));
  }

  async passkeyOptions(staff: AuthenticatedStaff) {
    await this.requireStepUp(staff);
    const existing = await this.repo().passkeysOf(staff.staffId);
    return this.d.webAuthn.registrationOptions(
      { id: `staff:${staff.staffId}`, name: staff.accountId, displayName: staff.accountName },
      existing,
      this.registerChallenges(staff.staffId).keep,
    );
  }

  async addPasskey(
    staff: AuthenticatedStaff,
    input: { name: string; response: Record<string, unknown> },
    lang: LanguageCode,
  ): Promise<{ recovery_codes: string[] | null }> {
    const repo = this.repo();
    const credential = await this.d.webAuthn.verifyRegistration(
      input.response,
      this.registerChallenges(staff.staffId).take,
    );
    if (!credential) throw new AppError(codes.staffPasskeyFailed);
    if (await repo.credentialTaken(credential.credentialId)) throw new AppError(codes.staffPasskeyFailed);
    const at = this.now();
    return inTransaction(this.d.db, async (tx) => {
      await this.repo(tx).addPasskey({
        staffId: staff.staffId,
        ...credential,
        name: input.name,
        createdAt: at,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'staff.second_factor.passkey_add',
        target: { type: 'staff_account', id: staff.accountId },
        after: { name: input.name },
      });
      await this.afterOwnChange(tx, staff, 'passkeyAdded', at, lang);
      return { recovery_codes: await this.firstRecoveryCodes(tx, staff.staffId, at) };
    });
  }

  async removePasskey(staff: AuthenticatedStaff, id: number, lang: LanguageCode): Promise<null> {
    await this.requireStepUp(staff);
    const at = this.now();
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const removed = await repo.removePasskey(staff.staffId, id);
      if (!removed) throw new AppError(codes.notFound);
      // Checked after the delete, inside the transaction: a refusal rolls it back.
      if (!(await repo.hasSecondFactor(staff.staffId))) throw new AppError(codes.staffLastSecondFactor);
      await audit.record(tx, {
        actor: staff,
        action: 'staff.second_factor.passkey_remove',
        target: { type: 'staff_account', id: staff.accountId },
        before: { name: removed.name },
      });
      await this.afterOwnChange(tx, staff, 'passkeyRemoved', at, lang);
    });
    return null;
  }

  /** An administrator's reset of another member's factors: they enrol again at their next login. */
  async reset(staff: AuthenticatedStaff, accountId: string, lang: LanguageCode): Promise<null> {
    const row = await new StaffAccountRepository(this.d.db).byAccountId(accountId);
    if (!row) throw new AppError(codes.staffAccountNotFound);
    if (row.id === staff.staffId) throw new AppError(codes.staffNotOnOwnAccount);
    const at = this.now();
    await inTransaction(this.d.db, async (tx) => {
      const removed = await this.repo(tx).removeAllOf(row.id);
      await forgetWebAuthnChallenges(tx, registerPurpose, String(row.id));
      await new StaffSessionRepository(tx).revokeAllOf(row.id, at);
      await audit.record(tx, {
        actor: staff,
        action: 'staff.second_factor.reset',
        target: { type: 'staff_account', id: row.accountId },
        before: { totp: removed.totp, passkeys: removed.passkeys },
      });
      await noticeFactorChange(tx, row, 'reset', at, lang);
    });
    await this.d.lockout.recordSuccess(secondStepKey(row.id));
    return null;
  }

  // ---- The login's second step ----

  /** After a right password: a pending login for an account with a second factor, else undefined. */
  async beginSecondStep(
    staffId: number,
    ip: string,
  ): Promise<{ id: string; answer: StaffSecondStepData } | undefined> {
    const repo = this.repo();
    const totp = await repo.totpOf(staffId);
    const passkeys = await repo.passkeysOf(staffId);
    const hasTotp = !!(totp?.secret && totp.confirmedAt);
    if (!hasTotp && passkeys.length === 0) return undefined;
    const id = newToken(32);
    await repo.createPending({
      idHash: hashSessionId(id),
      staffId,
      ip,
      expiresAt: new Date(this.now().getTime() + secondFactorPolicy.pendingMs),
    });
    const methods: StaffSecondStepData['methods'] = [];
    if (hasTotp) methods.push('totp');
    if (passkeys.length > 0) methods.push('passkey');
    methods.push('recovery');
    return { id, answer: { second_step: 1, methods, expires_in: secondFactorPolicy.pendingMs / 1000 } };
  }

  private async pendingOf(pendingId: string | undefined) {
    if (!pendingId) throw new AppError(codes.staffSecondFactorExpired);
    const idHash = hashSessionId(pendingId);
    const found = await this.repo().findPending(idHash, this.now());
    if (!found) throw new AppError(codes.staffSecondFactorExpired);
    return { ...found, idHash };
  }

  /**
   * One try of a second step: takes one of the account's slots first (in one statement, so parallel guesses
   * get no more), runs `check`, and on success opens the staff session.
   */
  private async attempt(
    pendingId: string | undefined,
    client: StaffLoginClient,
    method: Method,
    check: (pending: { staffId: number; idHash: string }) => Promise<boolean>,
  ): Promise<{ staff: StaffSessionData; session: OpenedStaffSession }> {
    const pending = await this.pendingOf(pendingId);
    const key = secondStepKey(pending.staffId);
    const target = { type: 'staff_account', id: pending.accountId };
    const refuse = async (code: number, reason: string): Promise<never> => {
      await audit.record(this.d.db, {
        actor: null,
        action: 'staff.login_failed',
        target,
        after: { reason, method },
        ip: client.ip,
      });
      throw new AppError(code);
    };
    const slot = await this.d.lockout.beginTry(key);
    if (!slot) return refuse(codes.staffTooManyLogins, 'locked');
    if (!(await check(pending))) {
      return refuse(
        slot.last
          ? codes.staffTooManyLogins
          : method === 'passkey'
            ? codes.staffPasskeyFailed
            : codes.staffSecondFactorWrong,
        'second_factor',
      );
    }
    await this.d.lockout.recordSuccess(key);
    const at = this.now();
    return inTransaction(this.d.db, async (tx) => {
      // One pending login opens one session, however many right answers arrive at once.
      if (!(await this.repo(tx).usePending(pending.idHash, at)))
        throw new AppError(codes.staffSecondFactorExpired);
      const accounts = new StaffAccountRepository(tx);
      const row = await accounts.byId(pending.staffId);
      if (!row) throw new AppError(codes.staffSecondFactorExpired);
      const session = await openStaffSession(new StaffSessionRepository(tx), row.id, at, client, true);
      await accounts.recordLogin(row.id, at, client.ip);
      await audit.record(tx, {
        actor: { staffId: row.id, accountId: row.accountId, ip: client.ip },
        action: 'staff.login',
        target,
        after: { second_factor: method },
      });
      return { staff: sessionDataOf(row, true), session };
    });
  }

  loginWithTotp(pendingId: string | undefined, client: StaffLoginClient, code: string) {
    return this.attempt(pendingId, client, 'totp', ({ staffId }) => this.checkTotp(staffId, code));
  }

  loginWithRecoveryCode(pendingId: string | undefined, client: StaffLoginClient, code: string) {
    return this.attempt(pendingId, client, 'recovery_code', ({ staffId }) =>
      this.spendRecoveryCode(staffId, code),
    );
  }

  async loginPasskeyOptions(pendingId: string | undefined) {
    const pending = await this.pendingOf(pendingId);
    const passkeys = await this.repo().passkeysOf(pending.staffId);
    return this.d.webAuthn.authenticationOptions(passkeys, (challenge) =>
      this.repo().setPendingChallenge(pending.idHash, challenge),
    );
  }

  loginWithPasskey(
    pendingId: string | undefined,
    client: StaffLoginClient,
    response: Record<string, unknown>,
  ) {
    return this.attempt(pendingId, client, 'passkey', ({ staffId, idHash }) =>
      this.checkPasskey(staffId, response, (challenge) =>
        this.repo().takePendingChallenge(idHash, challenge),
      ),
    );
  }
}
