/**
 * The export worker: makes the .xlsx of each pending export job (excel_download_derive writes the job), and
 * deletes jobs and their files a day after they were asked for. Runs inside the API process (desk-jobs.plugin.ts,
 * DESK_EXPORT_WORKER), woken when a job is written and polling otherwise; tests call `runOnce` and `purge`.
 *
 * Jobs are claimed with `FOR UPDATE SKIP LOCKED` and a lease, like the pay delivery worker, so several API
 * processes share the work and a job whose worker died is taken again after its lease. A job that keeps failing
 * is marked failed after `maxAttempts` with its error (never row data).
 */
import type { FastifyBaseLogger } from 'fastify';
import { deskPolicy } from '@gp/contracts/desk';
import type { LanguageCode } from '@gp/config';
import type { Db } from '../../db/database.ts';
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

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export class DeskExportWorker {
  private readonly jobs: DeskExportRepository;
  private readonly reads: DeskRepository;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  private stopped = true;
  private lastPurge = 0;

  constructor(
    private readonly options: {
      db: Db;
      log: Pick<FastifyBaseLogger, 'info' | 'error'>;
      now?: () => Date;
      pollMs?: number;
    },
  ) {
    this.jobs = new DeskExportRepository(options.db);
    this.reads = new DeskRepository(options.db);
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a round soon (a job was just written) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delay: number) {
    this.timer = setTimeout(() => {
      this.running = this.round()
        .catch((error: unknown) =>
          this.options.log.error({ err: errorText(error) }, 'export worker round failed; trying again later'),
        )
        .finally(() => {
          this.running = undefined;
          const soon = this.again;
          this.again = false;
          if (!this.stopped) this.schedule(soon ? 0 : (this.options.pollMs ?? exportPolicy.pollMs));
        });
    }, delay);
    this.timer.unref();
  }

  private async round() {
    await this.runOnce();
    const now = this.now();
    if (now.getTime() - this.lastPurge >= exportPolicy.purgeEveryMs) {
      this.lastPurge = now.getTime();
      await this.purge(now);
    }
  }

  /** Makes every pending export; answers how many were made and how many failed for good. */
  async runOnce(): Promise<{ done: number; failed: number }> {
    let done = 0;
    let failed = 0;
    for (;;) {
      const now = this.now();
      const batch = await this.jobs.claim(
        now,
        new Date(now.getTime() + exportPolicy.leaseMs),
        exportPolicy.batchSize,
      );
      for (const job of batch) {
        const outcome = await this.make(job);
        if (outcome === 'done') done += 1;
        if (outcome === 'failed') failed += 1;
      }
      if (batch.length < exportPolicy.batchSize || this.stopped) return { done, failed };
    }
  }

  private async make(job: Omit<ExportJobRow, 'bytes' | 'leaseUntil'>): Promise<'done' | 'retry' | 'failed'> {
    try {
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
      return 'done';
    } catch (error) {
      const now = this.now();
      const givenUp = job.attempts >= exportPolicy.maxAttempts;
      await this.jobs.failed(job.id, {
        error: errorText(error),
        retryAt: givenUp ? null : new Date(now.getTime() + exportPolicy.retryAfterMs),
        now,
      });
      this.options.log.error(
        { taskId: job.id, attempts: job.attempts, err: errorText(error) },
        'ticket export failed',
      );
      return givenUp ? 'failed' : 'retry';
    }
  }

  /** Deletes jobs and their files asked for more than `exportPolicy.keepMs` ago; answers how many. */
  purge(now = this.now()): Promise<number> {
    return this.jobs.deleteMadeBefore(new Date(now.getTime() - exportPolicy.keepMs));
  }
}
