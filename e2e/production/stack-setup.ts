/**
 * The production shape the journey runs in (`pnpm test:production`): the apps built for this deployment's
 * origins, then deploy/test/stack.ts's stack (PostgreSQL, the built API twice and its worker with production
 * settings and SEED_DEMO=false, nginx with TLS) with its neighbours, each a process of its own reached only over
 * its real protocol: the local Stripe test server (the API's one seam: STRIPE_API_BASE under
 * PROVIDER_TEST_SERVER_ALLOWED), a studio's game server (the simulator over the game-server protocol, TLS) and an
 * SMTP server with STARTTLS. What the journey needs to know of it goes to `productionStackFile()`.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, start, waitFor, type Started } from '@gp/deploy/test/processes';
import { hosts, repoRoot, startStack, type StackContext } from '@gp/deploy/test/stack';
import { buildApps } from './build-apps.ts';
import { httpsPort, productionStackFile, type ProductionStack } from './production-stack.ts';

const apiDir = join(repoRoot, 'apps/api');
const stripeKeys = {
  secretKey: 'sk_test_production_journey_0123456789',
  webhookSecret: 'whsec_production_journey_0123',
};
const gameServerKey = { keyId: 'studio-2026', secret: 'studio secret for the production journey 0123456789' };
const smtpLogin = { user: 'mailer', pass: 'mailer secret 0123' };
const gameServerIds = ['asia-1', 'asia-2'];

/** A development stand-in's CLI (apps/api/src/dev) as a process, up once it says it listens. */
async function neighbour(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
): Promise<Started> {
  const process_ = start(name, process.execPath, ['--import', 'tsx', script], {
    cwd: apiDir,
    logDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  await waitFor(`${name} listening`, () => /listening/.test(process_.output()), {
    process: process_,
    ms: 60_000,
  });
  return process_;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const appsDir = process.env.GP_PRODUCTION_APPS ?? mkdtempSync(join(tmpdir(), 'gp-production-apps-'));
  // nginx's workers (nobody, when the test runs as root) read the builds there.
  chmodSync(appsDir, 0o755);
  buildApps(appsDir, httpsPort, { reuse: Boolean(process.env.GP_PRODUCTION_APPS) });

  const ports = {
    stripe: await freePort(),
    gameServer: await freePort(),
    smtp: await freePort(),
    mailbox: await freePort(),
  };
  const services = async ({ dir, tls, origin }: StackContext) => {
    const started = [
      await neighbour(
        'stripe-test-server',
        'src/dev/stripe/stripe-test-server.cli.ts',
        {
          STRIPE_TEST_PORT: String(ports.stripe),
          STRIPE_SECRET_KEY: stripeKeys.secretKey,
          STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
          STRIPE_WEBHOOK_URL: `${origin(hosts.api)}/pay/notify/stripe`,
          STRIPE_WEBHOOK_CONNECT: '127.0.0.1',
          STRIPE_WEBHOOK_CA: tls.cert,
        },
        dir,
      ),
      await neighbour(
        'game-server',
        'src/dev/game-server/game-sim.cli.ts',
        {
          GAME_SIM_PORT: String(ports.gameServer),
          GAME_SIM_KEYS: `${gameServerKey.keyId}:${gameServerKey.secret}`,
          GAME_SIM_SERVERS: gameServerIds.join(','),
          GAME_SIM_TLS_KEY: tls.key,
          GAME_SIM_TLS_CERT: tls.cert,
        },
        dir,
      ),
      await neighbour(
        'smtp-sink',
        'src/dev/mailbox/smtp-sink.cli.ts',
        {
          SMTP_SINK_PORT: String(ports.smtp),
          SMTP_SINK_HTTP_PORT: String(ports.mailbox),
          SMTP_SINK_USER: smtpLogin.user,
          SMTP_SINK_PASS: smtpLogin.pass,
          SMTP_SINK_TLS_KEY: tls.key,
          SMTP_SINK_TLS_CERT: tls.cert,
        },
        dir,
      ),
    ];
    return {
      started,
      env: {
        PAY_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: stripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${ports.stripe}`,
        PROVIDER_TEST_SERVER_ALLOWED: 'true',
        // The studio's game server is on loopback here: listed, as an operator lists a studio on a private link.
        GAME_SERVER_HOSTS: '127.0.0.1',
        SMTP_URL: `smtp://${smtpLogin.user}:${encodeURIComponent(smtpLogin.pass)}@127.0.0.1:${ports.smtp}`,
      },
    };
  };
  const stack = await startStack({ httpsPort, appsDir, services, rateLimit: 'production' });

  const described: ProductionStack = {
    origins: {
      portal: stack.origin(hosts.portal),
      passport: stack.origin(hosts.passport),
      pay: stack.origin(hosts.pay),
      csAdmin: stack.origin(hosts['cs-admin']),
      api: stack.origin(hosts.api),
    },
    adminPassword: stack.adminPassword,
    databaseUrl: stack.postgres.url,
    gameServer: { url: `https://127.0.0.1:${ports.gameServer}`, ...gameServerKey, serverIds: gameServerIds },
    mailbox: `http://127.0.0.1:${ports.mailbox}`,
    stripe: `http://127.0.0.1:${ports.stripe}`,
    certificate: stack.tls.cert,
    logDir: stack.dir,
  };
  writeFileSync(productionStackFile(), JSON.stringify(described));
  return async () => {
    await stack.stop();
  };
}
