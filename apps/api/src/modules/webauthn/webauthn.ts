/**
 * The WebAuthn ceremonies every passkey of this API goes through (the staff's second factor, the members'
 * passkeys): options for the browser, and the verification of its answer against a single-use challenge, on
 * @simplewebauthn/server. What a passkey is for, where it is kept and what a verified answer opens is the
 * caller's; a caller says how its challenges are kept (`keep`) and taken (`take`, true once).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { ChallengeRepository } from './challenge.repository.ts';

/** How long the browser has to answer options. */
export const challengeTtlMs = 5 * 60_000;

export interface WebAuthnParty {
  /** The host name passkeys are bound to. */
  rpID: string;
  /** The origin the browser writes into every answer. */
  origin: string;
  rpName: string;
}

/** The relying party of an app: its host (rpID) and origin come from the app's origin setting. */
export function webAuthnPartyOf(appOrigin: string, rpName: string): WebAuthnParty {
  const url = new URL(appOrigin);
  return { rpID: url.hostname, origin: url.origin, rpName };
}

/** A passkey as it is stored: what the browser is told of it and what checks its signatures. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[] | null;
}

/**
 * `preferred`: the staff's second factor (the password came first). `required`: a passkey that signs in alone,
 * so the device must have checked who holds it (PIN, fingerprint, face).
 */
export type UserVerification = 'preferred' | 'required';

type Challenges = {
  keep: (challenge: string) => Promise<void>;
  take: (challenge: string) => Promise<boolean>;
};

const descriptorOf = (p: Pick<StoredPasskey, 'credentialId' | 'transports'>) => ({
  id: p.credentialId,
  ...(p.transports ? { transports: p.transports as AuthenticatorTransportFuture[] } : {}),
});

/**
 * What a caller asks of the authenticators: `userVerification` (see `UserVerification`) and `residentKey`
 * (`required`: a discoverable passkey, which names its account itself at a login).
 */
export interface WebAuthnPolicy {
  userVerification: UserVerification;
  residentKey: 'preferred' | 'required';
}

/** The ceremonies of one relying party under one policy. */
export interface WebAuthnCeremonies {
  /** The relying party: the app whose host (rpID) passkeys are bound to. */
  readonly party: WebAuthnParty;
  /** Options to make a new passkey for `user` (not again on a device that holds one of `existing`). */
  registrationOptions(
    user: { id: string; name: string; displayName: string },
    existing: readonly Pick<StoredPasskey, 'credentialId' | 'transports'>[],
    keep: Challenges['keep'],
  ): Promise<Record<string, unknown>>;
  /** The new passkey of a registration answer; undefined when the answer does not verify or its challenge is gone. */
  verifyRegistration(
    response: Record<string, unknown>,
    take: Challenges['take'],
  ): Promise<StoredPasskey | undefined>;
  /**
   * Options to prove a passkey: one of `allow`, or (undefined) any passkey of this site the device holds, which
   * names its account itself (a discoverable credential).
   */
  authenticationOptions(
    allow: readonly Pick<StoredPasskey, 'credentialId' | 'transports'>[] | undefined,
    keep: Challenges['keep'],
  ): Promise<Record<string, unknown>>;
  /**
   * The passkey's new signature counter when the answer is its signature over a live challenge; undefined
   * otherwise. A counter that did not move on (a cloned authenticator, a replayed answer) does not verify, except
   * 0 after 0, which is what authenticators that keep no counter send.
   */
  verifyAuthentication(
    response: Record<string, unknown>,
    passkey: StoredPasskey,
    take: Challenges['take'],
  ): Promise<number | undefined>;
}

/** The browser's options, once their challenge is kept. */
async function keptOptions(options: { challenge: string }, keep: Challenges['keep']) {
  await keep(options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** What a verification answers; undefined for an answer the library refuses outright. */
async function verified<T>(verify: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await verify();
  } catch {
    return undefined;
  }
}

/** The ceremonies of the app at `appOrigin` (named `rpName` to the authenticator) under `policy`. */
export function webAuthnCeremonies(
  appOrigin: string,
  rpName: string,
  policy: WebAuthnPolicy,
): WebAuthnCeremonies {
  const party = webAuthnPartyOf(appOrigin, rpName);
  const { userVerification } = policy;
  const expected = (take: Challenges['take']) => ({
    // The challenge is taken (single use) by the one answer that names it, and only while it lives.
    expectedChallenge: take,
    expectedOrigin: party.origin,
    expectedRPID: party.rpID,
    requireUserVerification: userVerification === 'required',
  });
  return {
    party,
    async registrationOptions(user, existing, keep) {
      const options = await generateRegistrationOptions({
        rpName: party.rpName,
        rpID: party.rpID,
        userName: user.name,
        userDisplayName: user.displayName,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map(descriptorOf),
        authenticatorSelection: { residentKey: policy.residentKey, userVerification },
      });
      return keptOptions(options, keep);
    },
    verifyRegistration: (response, take) =>
      verified(async () => {
        const result = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          ...expected(take),
        });
        if (!result.verified) return undefined;
        const { credential } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? null,
        };
      }),
    async authenticationOptions(allow, keep) {
      const options = await generateAuthenticationOptions({
        rpID: party.rpID,
        ...(allow ? { allowCredentials: allow.map(descriptorOf) } : {}),
        userVerification,
      });
      return keptOptions(options, keep);
    },
    verifyAuthentication: (response, passkey, take) =>
      verified(async () => {
        const result = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          ...expected(take),
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: passkey.counter,
          },
        });
        return result.verified ? result.authenticationInfo.newCounter : undefined;
      }),
  };
}

/** The credential id an answer names (`id`), before anything of it is verified. */
export function credentialIdOf(response: Record<string, unknown>): string | undefined {
  return typeof response.id === 'string' && response.id.length > 0 ? response.id : undefined;
}

/**
 * Challenges kept in the shared table for a `purpose` (`staff.register`, `member.login`...) and a subject (the
 * account they were made for; null when nobody is known yet), living `challengeTtlMs`.
 */
export function webAuthnChallenges(db: Db, now: Clock, purpose: string, subject: string | null): Challenges {
  const repo = new ChallengeRepository(db);
  return {
    keep: (challenge) =>
      repo.save(purpose, subject, challenge, now(), new Date(now().getTime() + challengeTtlMs)),
    take: (challenge) => repo.take(purpose, subject, challenge, now()),
  };
}

/** Forgets the challenges of a subject (inside the caller's transaction, on `db`). */
export function forgetWebAuthnChallenges(db: Db, purpose: string, subject: string): Promise<void> {
  return new ChallengeRepository(db).removeOf(purpose, subject);
}
