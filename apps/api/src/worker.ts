/**
 * The background process (`pnpm --filter @gp/api worker`, `node dist/worker.js`): runs every background job of
 * the API (src/jobs/background-jobs.ts: pay delivery and order expiry, desk exports, outbox dispatch, ticket
 * housekeeping) while the API replicas run with RUN_JOBS=false. It builds the same app as the API, from the same
 * environment, without listening: the jobs get exactly the adapters, transports and settings the API would give
 * them, and the job list exists once.
 *
 * Any number of workers and of API processes with RUN_JOBS may run together: queued work is claimed with leases
 * and the sweeps take an advisory lock, so nothing is done twice. Needs PostgreSQL (DATABASE_URL): the embedded
 * PGlite database belongs to one process, the API, which then runs the jobs itself. Does not migrate (the API
 * does, at its start). On SIGTERM / SIGINT every job finishes its round in flight, then the database closes.
 */
import { buildApp } from './app.ts';
import { parseEnvOrExit } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { gracefulShutdown, onStopSignal } from './lifecycle/graceful-shutdown.ts';
import { configuredSocialProviders } from './modules/passport/index.ts';
import { serveMetrics } from './observability/metrics-server.ts';

const env = parseEnvOrExit();
if (!env.DATABASE_URL) {
  process.stderr.write(
    'The worker runs on PostgreSQL only (set DATABASE_URL); on PGlite the API process runs the jobs itself.\n',
  );
  process.exit(1);
}
const database = await openDatabase({
  kind: 'postgres',
  url: env.DATABASE_URL,
  poolSize: env.DATABASE_POOL_SIZE,
});
// RUN_JOBS is this process's purpose, whatever the API replicas' shared environment says.
const app = await buildApp({
  env: { ...env, RUN_JOBS: true },
  database,
  socialProviders: configuredSocialProviders(env),
});
await app.ready(); // starts the jobs
// Its own metrics (pool, orders, delivery, outbox, exports, process) like the API's; METRICS_PORT=0: off.
const metricsServer = await serveMetrics(env, app.metrics, app.log);
app.log.info({ metrics: metricsServer?.url }, 'worker running');

// The jobs' timers do not hold the process open (inside the API the server does); this does, until shutdown.
const keepAlive = setInterval(() => undefined, 1 << 30);
onStopSignal(app.log, 30_000, async () => {
  clearInterval(keepAlive);
  await gracefulShutdown({
    log: app.log,
    draining: [app],
    graceMs: 0,
    close: [() => app.close(), async () => metricsServer?.close()],
    database,
  });
});
