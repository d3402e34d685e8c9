/**
 * The webauthn module's public file: the passkey ceremonies and their challenges, shared by the staff's second
 * factor and the members' passkeys. It has no routes of its own.
 */
export {
  authenticationOptions,
  challengeTtlMs,
  credentialIdOf,
  forgetWebAuthnChallenges,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
  webAuthnChallenges,
  webAuthnPartyOf,
  type StoredPasskey,
  type UserVerification,
  type WebAuthnParty,
} from './webauthn.ts';
