/**
 * Customer-service housekeeping inside the API process, started when the app is ready and stopped (the run in
 * flight finished) when it closes, like the outbox dispatcher: every five minutes (`csJobIntervalMs`) it closes replied
 * tickets that stayed quiet for `csPolicy.autoCloseAfterMs` and deletes uploads never sent within a day. Both
 * are single statements guarded by their own conditions, so several API processes can run them side by side.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { UploadRepository } from './upload.repository.ts';
import { UploadService } from './upload.service.ts';
import { WorkOrderService } from './work-order.service.ts';

export const csJobIntervalMs = 5 * 60_000;

export class CsHousekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly deps: {
      workOrders: Pick<WorkOrderService, 'closeQuiet'>;
      uploads: Pick<UploadService, 'purgeUnsent'>;
      log: Pick<FastifyBaseLogger, 'info' | 'error'>;
      intervalMs?: number;
    },
  ) {}

  /** One round: what a tick does, callable directly (tests, an operator's script). */
  async runOnce(now = new Date()): Promise<{ closed: number[]; purged: number }> {
    const closed = await this.deps.workOrders.closeQuiet(now);
    const purged = await this.deps.uploads.purgeUnsent(now);
    if (closed.length > 0 || purged > 0) {
      this.deps.log.info({ closed: closed.length, purged }, 'customer-service housekeeping');
    }
    return { closed, purged };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'customer-service housekeeping failed'),
        )
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule();
        });
    }, this.deps.intervalMs ?? csJobIntervalMs);
    this.timer.unref();
  }
}

export async function csJobs(app: FastifyInstance) {
  const housekeeping = new CsHousekeeping({
    workOrders: new WorkOrderService(app.db),
    uploads: new UploadService(new UploadRepository(app.db)),
    log: app.log,
  });
  app.addHook('onReady', async () => housekeeping.start());
  app.addHook('onClose', () => housekeeping.stop());
}
