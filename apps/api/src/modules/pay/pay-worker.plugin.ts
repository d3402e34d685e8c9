/**
 * Runs the pay module's background work inside the API process while PAY_WORKER is on (the default): the
 * delivery worker with the expiry sweep (pay-delivery.worker.ts) and, with the sandbox provider, the sandbox's
 * notification sender (late and retried notifications). Started when the app is ready (migrations done, see
 * server.ts), stopped when it closes, with the round in flight finished. `src/pay-worker.ts` runs the delivery
 * worker alone.
 */
import type { FastifyInstance } from 'fastify';

export const sandboxNotifyPollMs = 1_000;

export async function payWorker(app: FastifyInstance) {
  if (!app.env.PAY_WORKER) return;
  const { worker, sandbox } = app.pay;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<unknown> | undefined;
  let stopped = false;

  const sendDue = () => {
    timer = setTimeout(() => {
      sending = (sandbox ? sandbox.notifier.runOnce() : Promise.resolve())
        .catch((error: unknown) => app.log.error({ err: String(error) }, 'sandbox notifications failed'))
        .finally(() => {
          sending = undefined;
          if (!stopped) sendDue();
        });
    }, sandboxNotifyPollMs);
    timer.unref();
  };

  app.addHook('onReady', async () => {
    worker.start();
    if (sandbox) sendDue();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.allSettled([worker.stop(), sending]);
  });
}
