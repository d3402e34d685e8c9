/**
 * A member proving again that they are the account's owner, for a grave step another module takes for them
 * (privacy: deleting the account, downloading its data). Three ways, whichever the member has: the password
 * (`member-password.ts`), a passkey answering this member's proof options, or a code e-mailed to the member's
 * address - the only way for a social-login member, who has neither password nor passkey.
 * Each way is counted as it is elsewhere: the password and the passkey on the account's login lockout, the code by
 * the verification codes' own limits (one a minute, ten a day, five wrong tries a code).
 */
import type { LanguageCode } from '@gp/config';
import type { Clock } from '../../config/clock.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { LockoutRepository, LockoutService, newToken } from '../sessions/index.ts';
import { memberPasswordCheck } from './member-password.ts';
import { MemberRepository } from './member.repository.ts';
import { PasskeyRepository } from './passkey.repository.ts';
import { passkeyCeremonies, PasskeyService } from './passkey.service.ts';
import { SecurityRepository } from './security.repository.ts';
import { SessionRepository } from './session.repository.ts';
import { VerificationCodeService } from './verification-code.service.ts';

/** What a member answers with; the first one given is checked. */
export interface OwnerProof {
  /** The password, sealed as at login. */
  pwd?: string | undefined;
  /** The code e-mailed by `sendCode`. */
  code?: string | undefined;
  /** A passkey's answer to `userPasskeyProofOptions`. */
  passkey?: Record<string, unknown> | undefined;
}

export interface MemberProof {
  hasPassword(mid: number): Promise<boolean>;
  hasPasskey(mid: number): Promise<boolean>;
  /** E-mails a code to `email` (the caller's address for this member) for `purpose`. */
  sendCode(
    mid: number,
    input: { email: string; purpose: string; ip: string; lang: LanguageCode },
  ): Promise<void>;
  /** Checks the password, the passkey or the code (spent when right); throws the passport code when it fails. */
  requirePassword(mid: number, sealed: string): Promise<void>;
  requirePasskey(mid: number, response: Record<string, unknown>): Promise<void>;
  requireCode(mid: number, input: { email: string; purpose: string; code: string }): Promise<void>;
}

export function memberProof(deps: {
  db: Db;
  env: Pick<Env, 'NODE_ENV' | 'RSA_PRIVATE_KEY' | 'PASSPORT_ORIGIN' | 'CODES_PER_IP_PER_HOUR'>;
  now: Clock;
}): MemberProof {
  const { db, now } = deps;
  const members = new MemberRepository(db);
  const passkeyRows = new PasskeyRepository(db);
  const security = new SecurityRepository(db);
  const passwordCheck = memberPasswordCheck({ db, env: deps.env, now });
  // The same pepper as the passport's codes (one secret row), so a code is hashed alike wherever it is checked.
  const codes = new VerificationCodeService(db, () => security.putSecretOnce('code-pepper', newToken(32)), {
    now,
    perIpPerHour: deps.env.CODES_PER_IP_PER_HOUR,
  });
  const passkeys = new PasskeyService({
    db,
    members,
    sessions: new SessionRepository(db),
    lockout: new LockoutService(new LockoutRepository(db), { now }),
    passwordCheck,
    webAuthn: passkeyCeremonies(deps.env.PASSPORT_ORIGIN),
    now,
  });
  return {
    hasPassword: async (mid) => !!(await members.byMid(mid))?.passwordHash,
    hasPasskey: async (mid) => (await passkeyRows.countOf(mid)) > 0,
    sendCode: (mid, input) =>
      codes.send({
        channel: 'email',
        target: input.email.toLowerCase(),
        purpose: `${input.purpose}:${mid}`,
        ip: input.ip,
        lang: input.lang,
      }),
    requirePassword: passwordCheck,
    requirePasskey: (mid, response) => passkeys.requireProof(mid, response),
    requireCode: (mid, input) =>
      codes.check({
        channel: 'email',
        target: input.email.toLowerCase(),
        purpose: `${input.purpose}:${mid}`,
        code: input.code,
      }),
  };
}
