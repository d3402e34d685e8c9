// What routes and the app may use of this feature; everything else stays inside it.
export { newRecoveryCodes, secondFactorDetail, secondFactorError } from './api/second-factor.ts';
export { LoginForm } from './components/login-form.tsx';
export { PasskeysPanel } from './components/passkeys-panel.tsx';
export { PasswordForm } from './components/password-form.tsx';
export { RecoveryCodes } from './components/recovery-codes.tsx';
export { SecondStepForm } from './components/second-step-form.tsx';
export { StepUpCancelled, StepUpDialog, useStepUp } from './components/step-up-dialog.tsx';
export { TotpEnrolment } from './components/totp-enrolment.tsx';
