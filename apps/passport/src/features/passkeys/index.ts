/** What the app's routes and screens use of the passkeys feature; nothing else of it is reachable from outside. */
export { PasskeyLoginButton } from './components/passkey-login-button.tsx';
export { PasskeysSection } from './components/passkeys-section.tsx';
export { usePasskeyProof } from './components/use-passkey-proof.ts';
