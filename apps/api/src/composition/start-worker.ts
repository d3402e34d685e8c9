/**
 * How the worker process starts (worker.ts in production, dev/dev-worker.ts with the stand-ins).
 */
import { buildApp } from '../app.ts';
import { parseEnvOrExit } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { gracefulShutdown, onStopSignal } from '../lifecycle/graceful-shutdown.ts';
import { configuredSocialProviders } from '../modules/accounts/index.ts';
import { serveMetrics } from '../observability/metrics-server.ts';
import type { DevelopmentParts } from './development-parts.ts';

/** The worker process; `dev` (the development stand-ins) from dev/dev-worker.ts only. */
export async function startWorker(dev?: DevelopmentParts): Promise<void> {
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
    dev,
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
}
