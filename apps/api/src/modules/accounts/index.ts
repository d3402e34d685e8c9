/**
 * The accounts module's public file (members: sign-up, login, social login, passkeys, account security): what the
 * rest of the API (other modules, app.ts, the composition, the seed) and its
 * tests use of it. Everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { passportRoutes } from './passport.routes.ts';
export { returnPath, type OidcProviderConfig, type SocialProviderConfig } from './social.service.ts';
export { configuredSocialProviders, forwardAppleFormPost } from './social-providers.ts';
// The Apple and Facebook test servers (src/dev/) speak these providers' protocols.
export { appleRelayDomain, type AppleConfig } from './apple-sign-in.ts';
export type { FacebookConfig } from './facebook-login.ts';
// Member sessions: the authenticator of member calls, a download's cookie (the tokens: modules/sessions).
export {
  csrfCookie,
  memberAuthenticator,
  memberOfCookie,
  sessionCookie,
  sessionCookieName,
  type AuthenticatedMember,
} from './member-auth.ts';
// For test fixtures: a member made and logged in directly, a password sealed as the browser seals it; the
// member row's type for modules that read it (privacy).
export { MemberRepository, type MemberRow } from './member.repository.ts';
export { SessionRepository } from './session.repository.ts';
export { encryptPassword } from './rsa.service.ts';
// For modules acting on a member's behalf (privacy): the password confirming a grave step, and login listeners.
export { memberPasswordCheck, type MemberPasswordCheck } from './member-password.ts';
export { memberProof, type MemberProof, type OwnerProof } from './member-proof.ts';
export { maskEmail } from './masking.ts';
export type { MemberLogin, MemberLoginListener } from './login-listeners.ts';
// The SMS budget's counter the operational gauges read (modules/health).
export { smsDayKeys } from './verification-code.service.ts';
