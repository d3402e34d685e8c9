/**
 * The export worker: makes the .xlsx of each pending export job (excel_download_derive writes the job), and
 * deletes jobs and their files a day after they were asked for. One of the background jobs
 * (src/composition/background-jobs.ts, DESK_EXPORT_WORKER), woken when a job is written and polling otherwise; tests call
 * `runOnce` and `purge`.
 *
 * It is a polling worker (jobs/polling-worker.ts): jobs are claimed with `FOR UPDATE SKIP LOCKED` and a lease,
 * like the pay delivery worker, so several API processes share the work and a job whose worker died is taken
 * again after its lease. A job that keeps failing is tried again after `retryAfterMs` and marked failed after
 * `maxAttempts` with its error (never row data).
 */
import { deskPolicy } from '@gp/contracts/desk';
import type { LanguageCode } from '@gp/config';
import type { Clock } from '../../../config/clock.ts';
import type { Db } from '../../../db/database.ts';
import { backoff, LoopWorker, PollingWorker, type WorkerLog } from '../../../jobs/polling-worker.ts';
import { DeskExportRepository, type ExportJobRow } from './desk-export.repository.ts';
import { ticketWorkbook } from './desk-export.workbook.ts';
import { DeskRepository, type TicketFilter, type TicketOrder } from './desk.repository.ts';

export const exportPolicy = {
  pollMs: 5_000,
  batchSize: 2,
  maxAttempts: 3,
  /** Longer than the largest export takes to make. */
  leaseMs: 5 * 60_000,
  retryAfterMs: 30_000,
  /** Jobs and their files are deleted this long after they were asked for. */
  keepMs: 24 * 3_600_000,
  purgeEveryMs: 10 * 60_000,
} as const;

/** What a job row keeps of the query: the repository filter (times as ISO text) and the order. */
export interface StoredExportQuery {
  filter: Omit<TicketFilter, 'createdFrom' | 'createdBefore'> & {
    createdFrom: string;
    createdBefore: string;
  };
  order: TicketOrder;
  /** The contract's filters as the staff member sent them (the audit log's record of what was exported). */
  request: Record<string, unknown>;
}

type ClaimedExport = Omit<ExportJobRow, 'bytes' | 'leaseUntil'>;

export class DeskExportWorker extends LoopWorker<ClaimedExport> {
  private readonly jobs: DeskExportRepository;
  private readonly reads: DeskRepository;
  private readonly now: Clock;
  protected readonly loop: PollingWorker<ClaimedExport>;
  private lastPurge = 0;

  constructor(
    private readonly options: {
      db: Db;
      log: Pick<WorkerLog, 'info' | 'error'>;
      now: Clock;
      pollMs?: number;
    },
  ) {
    super();
    this.jobs = new DeskExportRepository(options.db);
    this.reads = new DeskRepository(options.db);
    this.now = options.now;
    const { log } = options;
    this.loop = new PollingWorker({
      name: 'export worker',
      log,
      now: options.now,
      pollMs: options.pollMs ?? exportPolicy.pollMs,
      task: () => this.purgeWhenDue(),
      queue: {
        batchSize: exportPolicy.batchSize,
        leaseMs: exportPolicy.leaseMs,
        maxAttempts: exportPolicy.maxAttempts,
        backoffMs: backoff({ firstMs: exportPolicy.retryAfterMs, factor: 1 }),
        claim: ({ now, leaseUntil, limit }) => this.jobs.claim(now, leaseUntil, limit),
        attemptsOf: (job) => job.attempts,
        handle: (job) => this.make(job),
        failed: async (job, failure) => {
          await this.jobs.failed(job.id, {
            error: failure.message,
            retryAt: failure.retryAt,
            now: failure.now,
          });
          log.error({ taskId: job.id, attempts: job.attempts, err: failure.message }, 'ticket export failed');
        },
      },
    });
  }

  /** Makes every pending export; answers how many were made and how many failed for good. */
  async runOnce(): Promise<{ done: number; failed: number }> {
    const { done, givenUp } = await this.loop.drain();
    return { done, failed: givenUp };
  }

  private async make(job: ClaimedExport): Promise<void> {
    const stored = job.filters as unknown as StoredExportQuery;
    const filter: TicketFilter = {
      ...stored.filter,
      createdFrom: new Date(stored.filter.createdFrom),
      createdBefore: new Date(stored.filter.createdBefore),
    };
    const rows = await this.reads.rows(filter, stored.order, job.lang, 0, deskPolicy.maxExportRows);
    const bytes = await ticketWorkbook(rows, job.lang as LanguageCode);
    await this.jobs.done(job.id, { rowCount: rows.length, bytes, now: this.now() });
    this.options.log.info({ taskId: job.id, rows: rows.length, bytes: bytes.length }, 'ticket export made');
  }

  /** Each round purges, at most every `exportPolicy.purgeEveryMs`. */
  private async purgeWhenDue(): Promise<number> {
    const now = this.now();
    if (now.getTime() - this.lastPurge < exportPolicy.purgeEveryMs) return 0;
    this.lastPurge = now.getTime();
    return this.purge(now);
  }

  /** Deletes jobs and their files asked for more than `exportPolicy.keepMs` ago; answers how many. */
  purge(now = this.now()): Promise<number> {
    return this.jobs.deleteMadeBefore(new Date(now.getTime() - exportPolicy.keepMs));
  }
}
