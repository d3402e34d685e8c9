/**
 * Customer-service housekeeping, one of the background jobs (src/composition/background-jobs.ts): every five minutes
 * (`csJobIntervalMs`) it closes replied tickets that stayed quiet for `csPolicy.autoCloseAfterMs` and deletes
 * uploads never sent within a day. Both are single statements guarded by their own conditions, and a round runs
 * under `exclusive` (an advisory lock across processes), so processes running it side by side never overlap.
 * The ticks are a polling worker's (jobs/polling-worker.ts) with this work as its task and no queue.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../config/clock.ts';
import type { Exclusive } from '../../db/database.ts';
import { PollingWorker, type WorkerLog } from '../../jobs/polling-worker.ts';
import type { UploadService } from './upload.service.ts';
import type { WorkOrderService } from './work-order.service.ts';

export const csJobIntervalMs = 5 * 60_000;

export class CsHousekeeping {
  private readonly loop: PollingWorker;

  constructor(
    private readonly deps: {
      workOrders: Pick<WorkOrderService, 'closeQuiet'>;
      uploads: Pick<UploadService, 'purgeUnsent'>;
      log: Pick<WorkerLog, 'info' | 'error'>;
      now: Clock;
      intervalMs?: number;
      /** Runs a round unless another process is running one (`database.exclusive`). Default: always runs. */
      exclusive?: Exclusive;
    },
  ) {
    const intervalMs = deps.intervalMs ?? csJobIntervalMs;
    this.loop = new PollingWorker({
      name: 'customer-service housekeeping',
      log: deps.log,
      now: deps.now,
      pollMs: intervalMs,
      firstRoundAfterMs: intervalMs,
      task: async () => {
        const { closed, purged } = await this.runOnce();
        return closed.length + purged;
      },
    });
  }

  /**
   * One round: what a tick does, callable directly (tests, an operator's script). Nothing happens (and nothing is
   * answered as done) while another process runs a round.
   */
  async runOnce(now = this.deps.now()): Promise<{ closed: number[]; purged: number }> {
    const exclusive = this.deps.exclusive ?? ((_name, work) => work());
    return (await exclusive('cs.housekeeping', () => this.sweep(now))) ?? { closed: [], purged: 0 };
  }

  private async sweep(now: Date): Promise<{ closed: number[]; purged: number }> {
    const closed = await this.deps.workOrders.closeQuiet(now);
    const purged = await this.deps.uploads.purgeUnsent(now);
    if (closed.length > 0 || purged > 0) {
      this.deps.log.info({ closed: closed.length, purged }, 'customer-service housekeeping');
    }
    return { closed, purged };
  }

  start(): void {
    this.loop.start();
  }

  /** Stops the ticks; resolves when the run in flight has finished. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}

/** The housekeeping job of an app (src/composition/background-jobs.ts starts and stops it). */
export function csHousekeepingJob(app: FastifyInstance): CsHousekeeping {
  return new CsHousekeeping({
    workOrders: app.tickets.workOrders,
    uploads: app.tickets.uploads,
    log: app.log,
    now: app.now,
    exclusive: app.database.exclusive,
  });
}
