/**
 * The retention module's public file (apps/api/README.md "Retention"): the job that purges expired rows and
 * blanks expired codes and links in the outbox, for the process's job list (composition/background-jobs.ts).
 */
export { createRetentionJob, type RetentionJob } from './retention-job.ts';
export { retentionPolicy } from './retention.policy.ts';
export type { RetentionCounts } from './retention.service.ts';
