/**
 * The pay delivery worker on its own (`pnpm --filter @gp/api pay-worker`): delivers paid orders' credit and
 * expires unpaid orders, like the worker inside the API process (modules/pay/pay-delivery.worker.ts), so delivery
 * can run on more processes or machines than the API. Jobs are claimed with FOR UPDATE SKIP LOCKED and leased,
 * so any number of these and of API processes share the work without crediting anything twice.
 *
 * Needs PostgreSQL (DATABASE_URL): the embedded PGlite database belongs to one process, the API, whose own worker
 * does this work. Stops on SIGINT / SIGTERM after the round in flight.
 */
import { systemClock } from './config/clock.ts';
import { parseEnvOrExit } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { createGameServerSimulator, PayDeliveryWorker } from './modules/pay/index.ts';
import { createProcessMetrics } from './observability/metrics.ts';
import { startMetricsServer } from './observability/metrics-server.ts';

const env = parseEnvOrExit();
const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
/** JSON lines like the API's logs, at LOG_LEVEL and above. */
const line =
  (level: string) =>
  (obj: object | string, msg?: string): void => {
    if (env.LOG_LEVEL === 'silent' || levels.indexOf(level) < levels.indexOf(env.LOG_LEVEL)) return;
    const fields = typeof obj === 'string' ? { msg: obj } : { ...obj, msg };
    // A log line's own timestamp: wall time, not business time.
    process.stdout.write(`${JSON.stringify({ level, time: Date.now(), name: 'pay-worker', ...fields })}\n`);
  };
const log = { info: line('info'), warn: line('warn'), error: line('error') };
if (!env.DATABASE_URL) {
  log.error('the pay worker runs alone on PostgreSQL only (set DATABASE_URL); on PGlite the API runs it');
  process.exit(1);
}
const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 });
const worker = new PayDeliveryWorker({
  db: database.db,
  gameServer: createGameServerSimulator(database.db),
  log,
  now: systemClock,
  pollMs: env.PAY_WORKER_POLL_MS,
  keepProcessAlive: true,
});
worker.start();
log.info({ pollMs: env.PAY_WORKER_POLL_MS }, 'pay worker started');
// Its own metrics (pool, orders, delivery, outbox, exports, process) like the API's; METRICS_PORT=0: off.
const metricsServer = env.METRICS_PORT
  ? await startMetricsServer({
      registry: createProcessMetrics({
        database,
        now: systemClock,
        cacheMs: env.METRICS_CACHE_MS,
        log,
      }),
      host: env.METRICS_HOST,
      port: env.METRICS_PORT,
      log,
    })
  : undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'pay worker stopping');
  await worker.stop();
  await metricsServer?.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
