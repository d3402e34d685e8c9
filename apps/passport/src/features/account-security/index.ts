/** The account-security feature's public file: src/app and src/routes reach the feature only through it. */
export { SessionsSection } from './components/sessions-section.tsx';
