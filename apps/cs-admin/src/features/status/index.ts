// What routes and the app may use of this feature; everything else stays inside it.
export { getHealth } from './api/get-health.ts';
export { SmsGuardCard } from './components/sms-guard-card.tsx';
