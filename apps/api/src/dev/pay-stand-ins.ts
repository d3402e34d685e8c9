/**
 * The pay module's development stand-ins (modules/pay/pay-stand-ins.ts): the sandbox provider and its notifier,
 * the local Stripe and Xendit test servers in front of the real SDKs, and the built-in game server answering the
 * game-server protocol on its loopback port. Each is built once per app and kept on `app.dev` for the
 * development routes, the jobs and the tests.
 */
import type { FastifyInstance } from 'fastify';
import { notifyPath, type PayStandIns, type PaymentProvider } from '../modules/pay/index.ts';
import {
  createGameSimProtocolServer,
  type GameSimProtocolServer,
} from './game-server/game-sim-protocol.server.ts';
import {
  httpSender,
  SandboxNotifier,
  SandboxProvider,
  type NotificationSender,
} from './sandbox/sandbox-provider.ts';
import { SandboxRefundRepository } from './sandbox/sandbox-refund.repository.ts';
import { SandboxRepository } from './sandbox/sandbox.repository.ts';
import { StripeTestServer } from './stripe/stripe-test-server.ts';
import { XenditTestServer } from './xendit/xendit-test-server.ts';

export interface PaySandbox {
  provider: SandboxProvider;
  notifier: SandboxNotifier;
  repo: SandboxRepository;
  /** How long "pay, notify late" holds the notification back. */
  lateMs: number;
}

export interface DevelopmentRuntime {
  /** PAY_PROVIDER=sandbox. */
  sandbox?: PaySandbox;
  /** GAME_SIM: the built-in game server's protocol server. */
  gameSim?: GameSimProtocolServer;
  /** STRIPE_TEST_SERVER: the local Stripe test server this process runs. */
  stripeTestServer?: StripeTestServer;
  /** XENDIT_TEST_SERVER: the local Xendit test server this process runs. */
  xenditTestServer?: XenditTestServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The stand-ins this development process or test runs (absent in production). */
    dev?: DevelopmentRuntime;
  }
}

function runtimeOf(app: FastifyInstance): DevelopmentRuntime {
  if (!app.hasDecorator('dev')) app.decorate('dev', {});
  return app.dev!;
}

/** A notification sent through this app's own HTTP stack without a socket (the route, headers and body a remote
 * provider's request has). */
const injected =
  (app: FastifyInstance, provider: string): NotificationSender =>
  async (body, headers) =>
    (await app.inject({ method: 'POST', url: notifyPath(provider), payload: body, headers })).statusCode;

export const payStandIns: PayStandIns = {
  providers(app) {
    const { db, env, log, now } = app;
    const none: Record<string, PaymentProvider> = {};
    if (env.payProvider !== 'sandbox') return none;
    const repo = new SandboxRepository(db);
    // Unset PAY_SANDBOX_NOTIFY_URL: into this app's own notify route.
    const send = env.PAY_SANDBOX_NOTIFY_URL
      ? httpSender(env.PAY_SANDBOX_NOTIFY_URL)
      : injected(app, 'sandbox');
    const sandbox: PaySandbox = {
      provider: new SandboxProvider(
        repo,
        { secret: env.paySandboxSecret, baseUrl: env.PAY_SANDBOX_URL, now },
        new SandboxRefundRepository(db),
      ),
      notifier: new SandboxNotifier(repo, { secret: env.paySandboxSecret, send, log, now }),
      repo,
      lateMs: env.PAY_SANDBOX_LATE_MS,
    };
    runtimeOf(app).sandbox = sandbox;
    return { sandbox: sandbox.provider };
  },

  stripeApiBase(app, { secretKey, webhookSecret }) {
    const port = app.env.STRIPE_TEST_SERVER;
    if (port === undefined) return undefined;
    const testServer = new StripeTestServer({
      secretKey,
      webhookSecret,
      now: app.now,
      send: injected(app, 'stripe'),
    });
    runtimeOf(app).stripeTestServer = testServer;
    const apiBase = `http://127.0.0.1:${port}`;
    app.addHook('onReady', async () => {
      await testServer.listen(port);
      app.log.warn({ apiBase }, 'local Stripe test server (development only)');
    });
    app.addHook('onClose', () => testServer.close());
    return apiBase;
  },

  xenditApiBase(app, { secretKey, callbackToken }) {
    const port = app.env.XENDIT_TEST_SERVER;
    if (port === undefined) return undefined;
    const testServer = new XenditTestServer({
      secretKey,
      callbackToken,
      now: app.now,
      send: injected(app, 'xendit'),
    });
    runtimeOf(app).xenditTestServer = testServer;
    const apiBase = `http://127.0.0.1:${port}`;
    app.addHook('onReady', async () => {
      await testServer.listen(port);
      app.log.warn({ apiBase }, 'local Xendit test server (development only)');
    });
    app.addHook('onClose', () => testServer.close());
    return apiBase;
  },

  gameServer(app) {
    const { db, env, now } = app;
    const gameSim = createGameSimProtocolServer({
      db,
      keys: { sim: env.GAME_SIM_SECRET },
      now,
      port: env.GAME_SIM_PORT,
    });
    runtimeOf(app).gameSim = gameSim;
    app.addHook('onClose', () => gameSim.close());
    return async () => ({ baseUrl: await gameSim.url(), keyId: 'sim', secret: env.GAME_SIM_SECRET });
  },
};
