/**
 * The passport module's public file: what the rest of the API (other modules, app.ts, server.ts, the seed) and its
 * tests use of it. Everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { passportRoutes } from './passport.routes.ts';
export { returnPath, type OidcProviderConfig, type SocialProviderConfig } from './social.service.ts';
export { configuredSocialProviders, forwardAppleFormPost } from './social-providers.ts';
// The Apple and Facebook test servers (src/dev/) speak these providers' protocols.
export { appleRelayDomain, type AppleConfig } from './apple-sign-in.ts';
export type { FacebookConfig } from './facebook-login.ts';
// Member sessions: the authenticator of member calls, a download's cookie, the session tokens.
export {
  csrfCookie,
  hashSessionId,
  hostOnlyInProduction,
  memberAuthenticator,
  memberOfCookie,
  newToken,
  sessionCookie,
  sessionCookieName,
  type AuthenticatedMember,
} from './member-auth.ts';
// Shared with the staff login and the top-up form.
export { createCaptchaService, type CaptchaService } from './captcha.service.ts';
export { createLockoutService, lockoutPolicy, loginNameKey, type LockoutService } from './lockout.service.ts';
export { PasswordHasher, productionCost, testCost } from './password.ts';
// The race-free counted limits, shared with the top-up lookup without login.
export { withinLimits, type CountedLimit } from './counted-limits.ts';
export { LockoutRepository } from './lockout.repository.ts';
export { isCommonPassword } from './common-passwords.ts';
// For test fixtures: a member made and logged in directly, a password sealed as the browser seals it.
export { MemberRepository } from './member.repository.ts';
export { SessionRepository } from './session.repository.ts';
export { encryptPassword } from './rsa.service.ts';
// For modules acting on a member's behalf (privacy): the password confirming a grave step, and login listeners.
export { memberPasswordCheck, type MemberPasswordCheck } from './member-password.ts';
export type { MemberLogin, MemberLoginListener } from './login-listeners.ts';
