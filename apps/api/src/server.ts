/**
 * The process: read the environment, open and migrate the database, seed an empty one, then listen. With
 * SERVE_APPS (pnpm start) the same process also serves the four built apps on their ports.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { parseEnvOrExit } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { gracefulShutdown, onStopSignal } from './lifecycle/graceful-shutdown.ts';
import { demoStripeChannel } from './db/seed/pay.seed.ts';
import { requiredSeedSteps, runSeed, seedSteps, type SeedNotes } from './db/seed/seed.ts';
import {
  configuredSocialProviders,
  forwardAppleFormPost,
  returnPath,
  startDemoIdServer,
  startSocialTestServers,
} from './modules/passport/index.ts';
import { serveMetrics } from './observability/metrics-server.ts';
import { appHostsOf, buildAppHost } from './static/app-hosts.ts';

const env = parseEnvOrExit();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: env.DATA_DIR },
);
await database.migrate();

// The Demo ID provider first: its issuer URL is part of the app's provider list.
const demoId = env.demoId
  ? await startDemoIdServer({
      host: '127.0.0.1',
      port: env.DEMO_ID_PORT,
      redirectUris: [new URL(returnPath, env.PASSPORT_ORIGIN).href],
      // Called only while serving requests, when the app (and its logger) exists.
      log: { warn: (obj, msg) => api.log.warn(obj, msg) },
    })
  : undefined;
// Development: Apple and Facebook through their real protocols, answered by the local test servers.
const socialTestServers = env.SOCIAL_TEST_SERVERS
  ? await startSocialTestServers({
      host: '127.0.0.1',
      port: 0,
      redirectUris: [new URL(returnPath, env.PASSPORT_ORIGIN).href],
      graphVersion: env.FACEBOOK_GRAPH_VERSION,
    })
  : undefined;
const api = await buildApp({
  env,
  database,
  socialProviders: [
    ...configuredSocialProviders(env).filter(
      (p) => !socialTestServers || (p.provider !== 'apple' && p.provider !== 'facebook'),
    ),
    ...(socialTestServers ? [socialTestServers.apple, socialTestServers.facebook] : []),
    ...(demoId ? [demoId.provider] : []),
  ],
});
// Demo data on request; the staff admin on every new database (its one-time password is printed below, once).
const seedNotes: SeedNotes = { oneTimePasswords: [] };
const applied = await runSeed(database.db, env.SEED_DEMO ? seedSteps : requiredSeedSteps, seedNotes);
if (applied.length > 0) api.log.info({ steps: applied }, env.SEED_DEMO ? 'demo data seeded' : 'seeded');
// The demo's card channel of Lotus Blade pays through Stripe while the local Stripe test server runs.
if (env.SEED_DEMO) await demoStripeChannel(database.db, env.STRIPE_TEST_SERVER !== undefined);
if (env.payProvider === 'none') {
  api.log.warn('PAY_PROVIDER=none: no payment provider, so top-up orders are refused (err3)');
}

const servers: FastifyInstance[] = [api];
const urls: string[] = [];
await api.listen({ host: env.HOST, port: env.API_PORT });
urls.push(`  API             http://localhost:${env.API_PORT}  (health: /healthz, /readyz)`);
// Prometheus on a port of its own (never the API's, so never through the public proxy); METRICS_PORT=0: off.
const metricsServer = await serveMetrics(env, api.metrics, api.log);
if (metricsServer) urls.push(`  Metrics         ${metricsServer.url}`);
// The built-in game server answers the game-server protocol on its loopback port from the start, so the
// conformance kit (`pnpm game-server:check`) can reach it too.
if (api.pay.gameSim)
  urls.push(`  Game server sim ${await api.pay.gameSim.url()}  (game-server protocol; never in production)`);
if (demoId)
  urls.push(`  Demo ID         ${demoId.provider.issuer}  (stand-in social login; never in production)`);
if (socialTestServers)
  urls.push(`  Apple/Facebook  ${socialTestServers.url}  (social-login test servers; never in production)`);
if (env.SERVE_APPS) {
  for (const { name, port } of appHostsOf(env)) {
    const host = await buildAppHost(name, api.log, undefined, env, api);
    if (name === 'passport') forwardAppleFormPost(host, `http://localhost:${env.API_PORT}`);
    await host.listen({ host: env.HOST, port });
    servers.push(host);
    urls.push(`  ${name.padEnd(15)} http://localhost:${port}`);
  }
}
process.stdout.write(
  `\nGame portal is running on ${database.driver === 'pglite' ? `PGlite (${env.DATA_DIR})` : 'PostgreSQL'}:\n${urls.join('\n')}\nPress Ctrl-C to stop.\n\n`,
);
// Straight to the terminal, never to the log, and only by the start that created the account.
for (const { accountId, password } of seedNotes.oneTimePasswords.splice(0)) {
  process.stdout.write(
    `Staff console: log in as "${accountId}" with the one-time password  ${password}\n` +
      `(shown only this once and stored only hashed; the console asks for a new password, then a second factor, at first login)\n\n`,
  );
}

// SIGTERM: /readyz at 503 for SHUTDOWN_GRACE_MS, then requests and job rounds in flight finish, then the database
// closes (lifecycle/graceful-shutdown.ts).
onStopSignal(api.log, env.SHUTDOWN_GRACE_MS + 10_000, () =>
  gracefulShutdown({
    log: api.log,
    draining: [api],
    graceMs: env.SHUTDOWN_GRACE_MS,
    close: [
      ...servers.map((s) => () => s.close()),
      async () => demoId?.close(),
      async () => socialTestServers?.close(),
      async () => metricsServer?.close(),
    ],
    database,
  }),
);
