/**
 * The local Stripe test server (stripe-test-server.ts) as a process of its own: the production-shaped journey
 * (`pnpm test:production`) points the API's real Stripe SDK at it (STRIPE_API_BASE under
 * PROVIDER_TEST_SERVER_ALLOWED) and it sends its signed webhooks over https to the shop's public webhook URL,
 * through nginx, as Stripe does.
 *
 *   STRIPE_TEST_PORT=<port> STRIPE_SECRET_KEY=<sk_test_...> STRIPE_WEBHOOK_SECRET=<whsec_...>
 *   STRIPE_WEBHOOK_URL=https://<api host>:<port>/pay/notify/stripe [STRIPE_WEBHOOK_CONNECT=<ip>]
 *   [STRIPE_WEBHOOK_CA=<pem file>] node --import tsx src/dev/stripe/stripe-test-server.cli.ts
 *
 * STRIPE_WEBHOOK_CONNECT: the address to connect to for the webhook URL's host (a test host name no resolver
 * knows), keeping the host name for TLS and the Host header. Prints `Stripe test server listening on <url>`.
 * Development and tests only.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { systemClock } from '../../config/clock.ts';
import { StripeTestServer } from './stripe-test-server.ts';

function fail(message: string): never {
  process.stderr.write(`stripe-test-server: ${message}\n`);
  process.exit(2);
}

const env = process.env;
const port = Number(env.STRIPE_TEST_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65_535) fail('STRIPE_TEST_PORT: a port');
const secretKey = env.STRIPE_SECRET_KEY ?? fail('STRIPE_SECRET_KEY is required');
const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? fail('STRIPE_WEBHOOK_SECRET is required');
let target: URL;
try {
  target = new URL(env.STRIPE_WEBHOOK_URL ?? '');
} catch {
  fail('STRIPE_WEBHOOK_URL: the absolute URL of the webhook endpoint');
}
const ca = env.STRIPE_WEBHOOK_CA ? readFileSync(env.STRIPE_WEBHOOK_CA, 'utf8') : undefined;
const connectTo = env.STRIPE_WEBHOOK_CONNECT;

/** One webhook POST; answers the endpoint's status (0 when it could not be reached, as Stripe retries then). */
function send(body: string, headers: Record<string, string>): Promise<number> {
  const secure = target.protocol === 'https:';
  const options = {
    method: 'POST',
    host: connectTo ?? target.hostname,
    port: target.port || (secure ? 443 : 80),
    path: `${target.pathname}${target.search}`,
    headers: {
      ...headers,
      host: target.host,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    },
    timeout: 10_000,
    ...(secure ? { servername: target.hostname, ...(ca ? { ca } : {}) } : {}),
  };
  return new Promise((resolve) => {
    const req = (secure ? httpsRequest : httpRequest)(options, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', (error) => {
      process.stderr.write(`stripe-test-server: webhook not delivered: ${error.message}\n`);
      resolve(0);
    });
    req.end(body);
  });
}

const server = new StripeTestServer({ secretKey, webhookSecret, now: systemClock, send });
const url = await server.listen(port);
process.stdout.write(`Stripe test server listening on ${url}\n`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
