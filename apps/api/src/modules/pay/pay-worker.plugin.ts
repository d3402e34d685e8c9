/**
 * Runs the pay module's background work inside the API process while PAY_WORKER is on (the default): the
 * delivery worker with the expiry sweep (pay-delivery.worker.ts) and, with the sandbox provider, the sandbox's
 * notification sender (late and retried notifications). Started when the app is ready (migrations done, see
 * server.ts), stopped when it closes, with the round in flight finished. `src/pay-worker.ts` runs the delivery
 * worker alone.
 */
import type { FastifyInstance } from 'fastify';

export async function payWorker(app: FastifyInstance) {
  if (!app.env.PAY_WORKER) return;
  const { worker, sandbox } = app.pay;
  app.addHook('onReady', async () => {
    worker.start();
    sandbox?.notifier.start();
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([worker.stop(), sandbox?.notifier.stop()]);
  });
}
