/** The auth feature's public file: src/app and src/routes reach the feature only through it. */
export { finishSocialLogin } from './api/finish-social-login.ts';
export { sealPasswords } from './api/seal-passwords.ts';
export { BindEmailForm } from './components/bind-email-form.tsx';
export { BindPhoneForm } from './components/bind-phone-form.tsx';
export { ChangePasswordByCodeForm } from './components/change-password-by-code-form.tsx';
export { ChangePasswordForm } from './components/change-password-form.tsx';
export { EmailCodeResetForm } from './components/email-code-reset-form.tsx';
export { default as formsStyles } from './components/forms.module.css';
export { LoginForm } from './components/login-form.tsx';
export { MethodChoice, type Method } from './components/method-tabs.tsx';
export { NewPasswordForm } from './components/new-password-form.tsx';
export { PhoneResetForm } from './components/phone-reset-form.tsx';
export { ResetRequestForm } from './components/reset-request-form.tsx';
export { SignupForm, type Registered } from './components/signup-form.tsx';
export { SocialLoginButtons } from './components/social-login-buttons.tsx';
export { errorMessage } from './model/error-message.ts';
export {
  clearPendingSocialLogin,
  pendingSocialLoginKey,
  readPendingSocialLogin,
  type PendingSocialLogin,
} from './model/pending-social-login.ts';
export { providerNames } from './model/provider-names.ts';
