/**
 * The retention module's public file (apps/api/README.md "Retention"): the job that purges expired rows and
 * blanks expired codes and links in the outbox, as a plain starter for a process's job list and as an app plugin.
 */
export { createRetentionJob, retentionJobs, type RetentionJob } from './retention-job.ts';
export { retentionPolicy } from './retention.policy.ts';
export type { RetentionCounts } from './retention.service.ts';
