/**
 * One API replica of `pnpm bench:scale` (a node:cluster worker of api-cluster.ts): the API as production runs
 * it - its own process, its own connection pool - on the port the replicas share, and the bare GET baseline on the
 * next port. Says `ready` to the bench when both listen.
 */
import { benchApiEnv } from '../api-load.ts';
import { buildApp } from '../../../apps/api/src/app.ts';
import { developmentParts } from '../../../apps/api/src/dev/development-parts.ts';
import { openDatabase } from '../../../apps/api/src/db/database.ts';
import { startBare } from './bare-server.ts';
import type { ReplicaSettings } from './api-cluster.ts';

const settings = JSON.parse(process.env.GP_BENCH_REPLICA ?? '') as ReplicaSettings;
const database = await openDatabase({ kind: 'postgres', url: settings.url, poolSize: settings.poolSize });
const api = await buildApp({
  env: benchApiEnv({
    captchaAnswer: settings.captchaAnswer,
    sandboxSecret: settings.sandboxSecret,
    port: settings.port,
  }),
  database,
  logger: false,
  dev: developmentParts,
});
await api.listen({ host: '127.0.0.1', port: settings.port });
const bare = await startBare(settings.port + 1);
process.send?.('ready');
const close = () => {
  // A close that waits on (Fastify's open requests, the pool's clients) longer than this is not the bench's
  // business: once in some runs a replica waited for minutes after the orders' load, holding the bench's end.
  setTimeout(() => process.exit(0), 10_000).unref();
  void Promise.allSettled([api.close(), bare.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on('message', (message) => message === 'close' && close());
// The bench gone without a word (killed): no replica left behind.
process.on('disconnect', close);
