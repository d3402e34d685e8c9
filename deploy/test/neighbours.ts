/**
 * The stack's neighbours as the production-shaped tests run them (`pnpm test:production`, `pnpm test:faults`): the
 * development stand-ins of apps/api/src/dev, each a process of its own reached only over its real protocol - the
 * local Stripe test server (its signed webhooks go to nginx over https) and a studio's game server (the simulator,
 * over the signed game-server protocol with TLS) - and the signed question "what do you hold for this order" a
 * test asks that game server, as the API asks it.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import {
  answerCanonical,
  protocolHeaders,
  protocolPaths,
  requestCanonical,
  signedHeaders,
  verifySignature,
  type WireDelivery,
} from '../../apps/api/src/modules/pay/testing.ts';
import { start, waitFor, type Started } from './processes.ts';
import { hosts, repoRoot, type StackContext } from './stack.ts';

const apiDir = join(repoRoot, 'apps/api');

/** A development stand-in's CLI (apps/api/src/dev) as a process, up once it says it listens. */
export async function neighbour(
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

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/** The local Stripe test server on `port`, sending its webhooks to the stack's public webhook URL. */
export function stripeTestServer(
  { dir, tls, origin }: StackContext,
  port: number,
  keys: StripeKeys,
): Promise<Started> {
  return neighbour(
    'stripe-test-server',
    'src/dev/stripe/stripe-test-server.cli.ts',
    {
      STRIPE_TEST_PORT: String(port),
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_WEBHOOK_URL: `${origin(hosts.api)}/pay/notify/stripe`,
      STRIPE_WEBHOOK_CONNECT: '127.0.0.1',
      STRIPE_WEBHOOK_CA: tls.cert,
    },
    dir,
  );
}

/** What the API is told to use that Stripe test server (the one seam, under PROVIDER_TEST_SERVER_ALLOWED). */
export const stripeEnv = (port: number, keys: StripeKeys): NodeJS.ProcessEnv => ({
  PAY_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: keys.secretKey,
  STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
  STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  PROVIDER_TEST_SERVER_ALLOWED: 'true',
});

export interface GameServerKey {
  keyId: string;
  secret: string;
}

/** The studio's game server (the simulator) on `port` with TLS (the stack's certificate), running `servers`. */
export function gameServerSimulator(
  { dir, tls }: StackContext,
  port: number,
  key: GameServerKey,
  servers: string[],
): Promise<Started> {
  return neighbour(
    'game-server',
    'src/dev/game-server/game-sim.cli.ts',
    {
      GAME_SIM_PORT: String(port),
      GAME_SIM_KEYS: `${key.keyId}:${key.secret}`,
      GAME_SIM_SERVERS: servers.join(','),
      GAME_SIM_TLS_KEY: tls.key,
      GAME_SIM_TLS_CERT: tls.cert,
    },
    dir,
  );
}

/** The game server's answer to "what do you hold for this order", and whether its signature checked out. */
export interface HeldDelivery {
  signed: boolean;
  status: number;
  body: string;
  /** Undefined when it holds nothing for the order (404) or answered otherwise. */
  delivery?: WireDelivery;
}

/**
 * What the studio's game server holds for an order (its delivery record), asked as the API asks: a signed GET of
 * the game-server protocol, its signed answer checked. `certificate`: the PEM file the game server's certificate
 * is in (the stack's own), trusted for this request only.
 */
export async function askGameServerDelivery(
  gameServer: { url: string } & GameServerKey,
  certificate: string,
  game: number,
  orderNo: string,
): Promise<HeldDelivery> {
  const { url, keyId, secret } = gameServer;
  const path = protocolPaths.delivery(game, orderNo);
  const headers = signedHeaders({ keyId, secret }, Date.now(), (ts) => requestCanonical(ts, 'GET', path, ''));
  const ca = readFileSync(certificate, 'utf8');
  const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(`${url}${path}`, { method: 'GET', headers, ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.once('error', reject);
      req.end();
    },
  );
  const verdict = verifySignature(
    { [keyId]: secret },
    {
      keyId: answer.headers[protocolHeaders.keyId] as string | undefined,
      timestamp: answer.headers[protocolHeaders.timestamp] as string | undefined,
      signature: answer.headers[protocolHeaders.signature] as string | undefined,
    },
    Date.now(),
    (ts) => answerCanonical(ts, answer.status, 'GET', path, answer.body),
  );
  return {
    signed: verdict.ok,
    status: answer.status,
    body: answer.body,
    ...(answer.status === 200 ? { delivery: JSON.parse(answer.body) as WireDelivery } : {}),
  };
}
