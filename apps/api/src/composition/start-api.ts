/**
 * The API process, as production and the development entry (dev/dev-server.ts) start it: read the environment,
 * open and migrate the database, seed an empty one, then listen. With SERVE_APPS (pnpm start) the same process
 * also serves the four built apps on their ports. The development stand-ins come only from the development entry.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { parseEnvOrExit } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { gracefulShutdown, onStopSignal } from '../lifecycle/graceful-shutdown.ts';
import { demoStripeChannel, demoXenditChannels } from './seed/pay.seed.ts';
import { runSeed, seedSteps, type SeedNotes } from './seed/seed.ts';
import { StaffAccountRepository } from '../modules/staff/index.ts';
import { configuredSocialProviders, forwardAppleFormPost } from '../modules/accounts/index.ts';
import { DeskRepository } from '../modules/tickets/index.ts';
import { serveMetrics } from '../observability/metrics-server.ts';
import { appHostsOf, buildAppHost, distDirOf } from '../static/app-hosts.ts';
import type { DevelopmentStart } from './development-parts.ts';

export async function startApi(dev?: DevelopmentStart): Promise<void> {
  const env = parseEnvOrExit();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  await database.migrate();

  // Development: the stand-in social logins first (their issuer URLs are part of the app's provider list).
  const social = dev ? await dev.startSocialLogins(env, (obj, msg) => api.log.warn(obj, msg)) : undefined;
  const api = await buildApp({
    env,
    database,
    socialProviders: [
      ...configuredSocialProviders(env).filter((p) => !social?.replaces.includes(p.provider)),
      ...(social?.providers ?? []),
    ],
    dev: dev?.parts,
  });
  // Demo data on request, with the console's admin (its one-time password is printed below, once). Without it the
  // database starts empty and the operator makes the first administrator (admin.js first-admin).
  const seedNotes: SeedNotes = { oneTimePasswords: [] };
  if (env.SEED_DEMO) {
    const applied = await runSeed(database.db, seedSteps, seedNotes);
    if (applied.length > 0) api.log.info({ steps: applied }, 'demo data seeded');
    // The demo's card channel of Lotus Blade pays through Stripe while the local Stripe test server runs.
    await demoStripeChannel(database.db, env.STRIPE_TEST_SERVER !== undefined);
    // The wallets Xendit carries pay through it while the local Xendit test server runs.
    await demoXenditChannels(database.db, env.XENDIT_TEST_SERVER !== undefined);
  } else if ((await new StaffAccountRepository(database.db).page({ offset: 0, limit: 1 })).total === 0) {
    api.log.warn(
      'The console has no staff account yet: make the first administrator with `node apps/api/dist/admin.js first-admin`',
    );
  }
  if (env.payProvider === 'none') {
    api.log.warn('PAY_PROVIDER=none: no payment provider, so top-up orders are refused (err3)');
  }
  if (database.driver === 'postgres' && (await new DeskRepository(database.db).searchIndex()) === 'gin') {
    api.log.warn(
      "PostgreSQL has no RUM extension: the desk's keyword search reads and sorts every match (deploy/README.md, postgres/Dockerfile)",
    );
  }

  const servers: FastifyInstance[] = [api];
  const urls: string[] = [];
  await api.listen({ host: env.HOST, port: env.API_PORT });
  urls.push(`  API             http://localhost:${env.API_PORT}  (health: /healthz, /readyz)`);
  // Prometheus on a port of its own (never the API's, so never through the public proxy); METRICS_PORT=0: off.
  const metricsServer = await serveMetrics(env, api.metrics, api.log);
  if (metricsServer) urls.push(`  Metrics         ${metricsServer.url}`);
  // The stand-ins' addresses (the built-in game server, the social logins), for whoever tries the site locally.
  if (dev) urls.push(...(await dev.addresses(api)), ...(social?.addresses ?? []));
  if (env.SERVE_APPS) {
    for (const { name, port } of appHostsOf(env)) {
      const host = await buildAppHost(name, api.log, distDirOf(name, env.APPS_DIR), env, api);
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
        async () => social?.close(),
        async () => metricsServer?.close(),
      ],
      database,
    }),
  );
}
