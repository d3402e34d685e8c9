/** What the app's routes and screens use of the privacy feature; nothing else of it is reachable from outside. */
export { PrivacySection } from './components/privacy-section.tsx';
export { useLoginDeletionNotice } from './components/use-login-deletion-notice.tsx';
