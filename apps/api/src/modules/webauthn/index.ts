/**
 * The webauthn module's public file: the passkey ceremonies and their challenges, shared by the staff's second
 * factor and the members' passkeys. It has no routes of its own.
 */
export {
  challengeTtlMs,
  credentialIdOf,
  forgetWebAuthnChallenges,
  webAuthnCeremonies,
  webAuthnChallenges,
  type StoredPasskey,
  type UserVerification,
  type WebAuthnCeremonies,
  type WebAuthnPolicy,
} from './webauthn.ts';
