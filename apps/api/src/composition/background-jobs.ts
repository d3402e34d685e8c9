/**
 * Every background job of the API, in one list. The same jobs run either inside the API process
 * (RUN_JOBS=true, the default: `pnpm start`, one process) or in src/worker.ts, which builds this same app
 * without listening, while the API replicas run with RUN_JOBS=false.
 *
 * Running a job in several processes at once is safe, so a replica left at RUN_JOBS=true only adds capacity:
 * queued work is claimed with `FOR UPDATE SKIP LOCKED` leases (jobs/polling-worker.ts), and the periodic sweeps
 * that claim nothing (order expiry, payment reconciliation and settlement, customer-service housekeeping,
 * privacy erasure) run under `database.exclusive`, an advisory lock, so two sweeps never overlap.
 *
 * To add a job: build it in `createBackgroundJobs` (anything with `start()` and a `stop()` that resolves once its
 * round in flight has finished), with a name for the logs.
 */
import type { FastifyInstance } from 'fastify';
import { named, type BackgroundJob } from '../jobs/background-jobs.ts';
import type { DevelopmentParts } from './development-parts.ts';
import { csHousekeepingJob } from '../modules/tickets/index.ts';
import { messageDispatchJob } from '../modules/messaging/index.ts';
import { createPrivacyJob } from '../modules/privacy/index.ts';
import { createRetentionJob } from '../modules/retention/index.ts';

export interface BackgroundJobs {
  /** The jobs this app's settings turn on, in start order. */
  list: BackgroundJob[];
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: BackgroundJobs;
  }
}

/** Builds the job list (after the modules' runtimes, `app.pay` and `app.tickets`, whose workers it runs). */
export function createBackgroundJobs(app: FastifyInstance, dev?: DevelopmentParts): BackgroundJobs {
  const { env } = app;
  const list: (BackgroundJob | false | undefined)[] = [
    // Paid orders' credit and the expiry of unpaid ones (modules/pay).
    env.PAY_WORKER && named('pay delivery and order expiry', app.pay.worker),
    // Asks the provider about orders no notification decided; the daily settlement check (modules/pay).
    env.PAY_WORKER && named('pay reconciliation', app.pay.reconciler),
    env.PAY_WORKER && named('pay settlement check', app.pay.settlement),
    // Refunded orders' credit taken back from the game server (modules/pay).
    env.PAY_WORKER && named('pay reversals', app.pay.reversals),
    // Each connected game's server list synced and its game server checked, daily (modules/pay).
    env.PAY_WORKER && named('game-server sync', app.pay.gameServers),
    env.DESK_EXPORT_WORKER && named('desk exports', app.tickets.deskExports),
    // Sends the outbox through smtp / the SMS gateway when configured.
    named('outbox dispatch', messageDispatchJob(app)),
    // Closes quiet replied tickets, deletes unsent uploads.
    named('customer-service housekeeping', csHousekeepingJob(app)),
    // Purges expired nonces, captchas, codes, sessions; blanks codes and links that stopped working.
    named('retention', createRetentionJob({ db: app.db, now: app.now, log: app.log })),
    // Erases accounts whose deletion's grace period is over (modules/privacy), under an advisory lock.
    named(
      'privacy erasure',
      createPrivacyJob({
        db: app.db,
        now: app.now,
        log: app.log,
        graceDays: env.PRIVACY_DELETION_GRACE_DAYS,
        exclusive: app.database.exclusive,
      }),
    ),
    // The development stand-ins' own work (the sandbox's late notifications).
    ...(dev?.jobs(app) ?? []),
  ];
  return { list: list.filter((job): job is BackgroundJob => Boolean(job)) };
}
