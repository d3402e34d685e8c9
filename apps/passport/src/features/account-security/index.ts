/** What the app's routes and screens use of the account-security feature; nothing else of it is reachable from outside. */
export { SessionsSection } from './components/sessions-section.tsx';
