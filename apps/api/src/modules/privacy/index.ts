/**
 * The privacy module's public file (apps/api/README.md "Privacy"): its routes for app.ts and the erasure job for
 * the process's job list (composition/background-jobs.ts).
 */
export { privacyRoutes } from './privacy.routes.ts';
export { createPrivacyJob, type PrivacyJob } from './privacy-job.ts';
export { privacyPolicy } from './privacy.policy.ts';
