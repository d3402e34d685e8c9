/**
 * The sessions module's public file: the primitives of signing in that members (modules/accounts) and staff
 * (modules/staff) share, and the top-up form's captcha and counted limits: session ids and tokens, password
 * hashing and the common-password list, graphic captchas, lockouts and race-free counted limits. It has no
 * routes; each module's own calls use these.
 */
export { hashSessionId, hostOnlyInProduction, newToken } from './session-token.ts';
export { PasswordHasher, productionCost, testCost } from './password.ts';
export { isCommonPassword } from './common-passwords.ts';
export { CaptchaService, createCaptchaService } from './captcha.service.ts';
export { CaptchaRepository } from './captcha.repository.ts';
export {
  accountKey,
  accountSlowdownMs,
  createLockoutService,
  ipKey,
  lockoutPolicy,
  loginKey,
  loginNameKey,
  LockoutService,
  type LoginTry,
} from './lockout.service.ts';
export { LockoutRepository } from './lockout.repository.ts';
export { withinLimits, type CountedLimit } from './counted-limits.ts';
