/**
 * Members' passkeys: an optional way to log in on the passport host, and a proof of the owner for the
 * account's grave changes. The ceremonies are modules/webauthn's (shared with the staff's second factor).
 *
 * - Adding one needs a session and the current password, checked when the options are made (a stolen session
 *   alone cannot add a passkey of the thief's); the challenge then lives 5 minutes for this member only.
 * - A login names no account: the options allow any passkey of this site, the device offers what it holds, and
 *   the answer names its credential. Every refusal of a passkey is the same code, whether an account is behind
 *   it or not; a refused passkey slows its client address down like a wrong password, and nothing about the
 *   account's password logins (their soft lock) ever stops a passkey login. The device must verify its user
 *   (PIN, biometrics), since the passkey is the only factor.
 * - A proof (removing a passkey, a contact change) is an answer to options that allow only the member's own
 *   passkeys, checked against this member's challenge: another account's passkey proves nothing.
 */
import type { MemberPasskeyData } from '@gp/contracts/passkeys';
import { passkeysPerMember } from '@gp/contracts/passkeys';
import type { UserInfo } from '@gp/contracts/passport';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  credentialIdOf,
  webAuthnCeremonies,
  webAuthnChallenges,
  type WebAuthnCeremonies,
} from '../webauthn/index.ts';
import { userInfoOf } from './account.service.ts';
import { accountKey, ipKey, type LockoutService } from '../sessions/index.ts';
import type { MemberPasswordCheck } from './member-password.ts';
import type { MemberRepository, MemberRow } from './member.repository.ts';
import { openSession, type LoginClient, type OpenedSession } from './member-auth.ts';
import { PasskeyRepository, type MemberPasskeyRow } from './passkey.repository.ts';
import type { SessionRepository } from './session.repository.ts';

/**
 * The members' ceremonies. The relying party is the passport host: its host name (rpID) and origin come from
 * PASSPORT_ORIGIN. A discoverable passkey (a login needs no account typed) on a device that verified its user:
 * the passkey is the only factor.
 */
export const passkeyCeremonies = (passportOrigin: string): WebAuthnCeremonies =>
  webAuthnCeremonies(passportOrigin, 'Passport', { userVerification: 'required', residentKey: 'required' });

export interface PasskeyDeps {
  db: Db;
  members: MemberRepository;
  sessions: SessionRepository;
  lockout: LockoutService;
  passwordCheck: MemberPasswordCheck;
  webAuthn: WebAuthnCeremonies;
  now: Clock;
}

const passkeyDataOf = (p: MemberPasskeyRow): MemberPasskeyData => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

export class PasskeyService {
  private readonly repo: PasskeyRepository;

  constructor(private readonly d: PasskeyDeps) {
    this.repo = new PasskeyRepository(d.db);
  }

  private refuse(code: number): never {
    throw new AppError(code, { domain: 'passport' });
  }

  private challenges(purpose: 'register' | 'proof' | 'login', mid: number | null) {
    return webAuthnChallenges(this.d.db, this.d.now, `member.${purpose}`, mid === null ? null : String(mid));
  }

  /** Passkeys are for account-type members, who have a password to add them with (spec 4). */
  private async accountMember(mid: number): Promise<MemberRow> {
    const row = await this.d.members.byMid(mid);
    if (!row?.passwordHash || row.loginType !== 0) this.refuse(codes.cannotOperate);
    return row;
  }

  async list(mid: number) {
    return { list: (await this.repo.listOf(mid)).map(passkeyDataOf) };
  }

  async registrationOptions(mid: number, sealedPassword: string) {
    const row = await this.accountMember(mid);
    await this.d.passwordCheck(mid, sealedPassword);
    const existing = await this.repo.listOf(mid);
    if (existing.length >= passkeysPerMember) this.refuse(codes.passportPasskeyLimit);
    return this.d.webAuthn.registrationOptions(
      { id: `member:${mid}`, name: row.userId, displayName: row.nickName },
      existing,
      this.challenges('register', mid).keep,
    );
  }

  async add(mid: number, input: { name: string; response: Record<string, unknown> }) {
    if ((await this.repo.countOf(mid)) >= passkeysPerMember) this.refuse(codes.passportPasskeyLimit);
    const credential = await this.d.webAuthn.verifyRegistration(
      input.response,
      this.challenges('register', mid).take,
    );
    if (!credential) this.refuse(codes.passportPasskeyFailed);
    const row = await this.repo.add({ mid, ...credential, name: input.name, createdAt: this.d.now() });
    if (!row) this.refuse(codes.passportPasskeyFailed);
    return passkeyDataOf(row);
  }

  async rename(mid: number, id: number, name: string) {
    if (!(await this.repo.rename(mid, id, name))) this.refuse(codes.notFound);
    return null;
  }

  async proofOptions(mid: number) {
    const own = await this.repo.listOf(mid);
    if (own.length === 0) this.refuse(codes.passportPasskeyFailed);
    return this.d.webAuthn.authenticationOptions(own, this.challenges('proof', mid).keep);
  }

  /** Whether `response` is one of the member's passkeys answering this member's proof options. */
  async proves(mid: number, response: Record<string, unknown>): Promise<boolean> {
    const credentialId = credentialIdOf(response);
    const passkey = credentialId ? await this.repo.byCredential(credentialId) : undefined;
    if (passkey?.mid !== mid) return false;
    const counter = await this.d.webAuthn.verifyAuthentication(
      response,
      passkey,
      this.challenges('proof', mid).take,
    );
    return counter !== undefined && this.repo.used(passkey.id, passkey.counter, counter, this.d.now());
  }

  /**
   * A proof of the owner with a passkey, counted against the account's lockout as a password would be (a stolen
   * session gets no more tries by it). Throws when it does not prove.
   */
  async requireProof(mid: number, response: Record<string, unknown>): Promise<void> {
    const attempt = await this.d.lockout.beginTry(accountKey(mid));
    if (!attempt) this.refuse(codes.passportTooManyLogins);
    if (!(await this.proves(mid, response)))
      this.refuse(attempt.last ? codes.passportTooManyLogins : codes.passportPasskeyFailed);
    await this.d.lockout.recordSuccess(accountKey(mid));
  }

  async remove(
    mid: number,
    input: { id: number; pwd?: string | undefined; passkey?: Record<string, unknown> | undefined },
  ) {
    if (input.passkey) await this.requireProof(mid, input.passkey);
    else if (input.pwd) await this.d.passwordCheck(mid, input.pwd);
    else this.refuse(codes.passportPasswordRequired);
    if (!(await this.repo.remove(mid, input.id))) this.refuse(codes.notFound);
    return null;
  }

  loginOptions() {
    return this.d.webAuthn.authenticationOptions(undefined, this.challenges('login', null).keep);
  }

  /**
   * A login with a passkey (see the file comment): counted against the client address like a password login
   * until it turns out right. Never against the account, and never refused by its password failures: a passkey cannot be guessed, and a stranger typing wrong passwords for a name must not shut its
   * owner's passkey out.
   */
  async login(
    response: Record<string, unknown>,
    keep: boolean,
    client: LoginClient,
  ): Promise<{ user: UserInfo; session: OpenedSession }> {
    const address = await this.d.lockout.beginAddressAttempt(ipKey(client.ip));
    let failed = false;
    try {
      const credentialId = credentialIdOf(response);
      const passkey = credentialId ? await this.repo.byCredential(credentialId) : undefined;
      failed = !passkey;
      if (!passkey) return this.refuse(codes.passportPasskeyFailed);
      const counter = await this.d.webAuthn.verifyAuthentication(
        response,
        passkey,
        this.challenges('login', null).take,
      );
      const member = await this.d.members.byMid(passkey.mid);
      failed =
        counter === undefined ||
        !member ||
        !(await this.repo.used(passkey.id, passkey.counter, counter, this.d.now()));
      if (failed || !member) return this.refuse(codes.passportPasskeyFailed);
      const session = await openSession(this.d.sessions, member.mid, keep, client.sessionId, this.d.now());
      return { user: userInfoOf(member), session };
    } finally {
      // Only a refused passkey counts against the address.
      if (!failed) await address.release();
    }
  }
}
