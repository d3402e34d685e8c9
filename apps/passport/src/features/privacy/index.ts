/** The privacy feature's public file: src/app and src/routes reach the feature only through it. */
export { PrivacySection } from './components/privacy-section.tsx';
export { useLoginDeletionNotice } from './components/use-login-deletion-notice.tsx';
