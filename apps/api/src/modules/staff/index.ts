/**
 * The staff module's public file: what the rest of the API and its tests use of it. Everything else in this
 * folder is the module's own (apps/api/README.md "Layers").
 */
export { staffRoutes } from './staff.routes.ts';
export { audit } from './audit.ts';
// Sealing at rest under STAFF_TOTP_KEY, per purpose (the game servers' protocol secrets use it too).
export { SealedSecretBox } from './totp-secret.box.ts';
export {
  hasPrivilege,
  staffAuthenticator,
  staffCsrfCookie,
  staffOfCookie,
  staffSessionCookie,
  type AuthenticatedStaff,
} from './staff-auth.ts';
// For the seed's first admin and test fixtures (accounts and sessions made directly).
export { StaffAccountRepository } from './staff-account.repository.ts';
export { StaffSessionRepository } from './staff-session.repository.ts';
// The counters' keys the operational gauges read (modules/health): wrong passwords and wrong second steps.
export { staffLoginKey } from './staff-login.service.ts';
export { secondStepKey } from './second-factor.service.ts';
