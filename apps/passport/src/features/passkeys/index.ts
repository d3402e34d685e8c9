/** The passkeys feature's public file: src/app and src/routes reach the feature only through it. */
export { PasskeyLoginButton } from './components/passkey-login-button.tsx';
export { PasskeysSection } from './components/passkeys-section.tsx';
export { usePasskeyProof } from './components/use-passkey-proof.ts';
