/**
 * What a background job is to the process, and how the process runs them: started when the app is ready
 * (migrations done), each stopped after its round in flight when the app closes. Which jobs an app has is
 * composition/background-jobs.ts's list; the kernel knows none of them.
 */
import type { FastifyInstance } from 'fastify';

export interface BackgroundJob {
  /** For the logs. */
  name: string;
  start(): void;
  /** Starts no new round; resolves when the round in flight has finished. */
  stop(): Promise<void>;
}

export const named = (name: string, job: Pick<BackgroundJob, 'start' | 'stop'>): BackgroundJob => ({
  name,
  start: () => job.start(),
  stop: () => job.stop(),
});

/**
 * Starts the app's jobs (read when it is ready: tests swap the list) when it is ready (migrations done, see server.ts and worker.ts) and stops them when it
 * closes, each after its round in flight.
 */
export function runBackgroundJobs(app: FastifyInstance, jobs: () => readonly BackgroundJob[]): void {
  app.addHook('onReady', async () => {
    for (const job of jobs()) job.start();
    app.log.info({ jobs: jobs().map((job) => job.name) }, 'background jobs started');
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled(jobs().map((job) => job.stop()));
  });
}
