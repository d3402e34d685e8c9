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
import { gameServerSimulator, neighbour, stripeEnv, stripeTestServer } from '@gp/deploy/test/neighbours';
import { freePort } from '@gp/deploy/test/processes';
import { hosts, startStack, type StackContext } from '@gp/deploy/test/stack';
import { buildApps } from '@gp/deploy/test/build-apps';
import { httpsPort, productionStackFile, type ProductionStack } from './production-stack.ts';

const stripeKeys = {
  secretKey: 'sk_test_production_journey_0123456789',
  webhookSecret: 'whsec_production_journey_0123',
};
const gameServerKey = { keyId: 'studio-2026', secret: 'studio secret for the production journey 0123456789' };
const smtpLogin = { user: 'mailer', pass: 'mailer secret 0123' };
const gameServerIds = ['asia-1', 'asia-2'];

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
  const services = async (context: StackContext) => {
    const { dir, tls } = context;
    const started = [
      await stripeTestServer(context, ports.stripe, stripeKeys),
      await gameServerSimulator(context, ports.gameServer, gameServerKey, gameServerIds),
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
        ...stripeEnv(ports.stripe, stripeKeys),
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
