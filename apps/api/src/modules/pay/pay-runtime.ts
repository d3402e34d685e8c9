/**
 * The pay module's parts, built once per app and shared by its routes and its background work (`app.pay`): the
 * game-server adapter (HTTP, the game-server protocol: each game's server from GAME_SERVERS, else the built-in
 * simulator's protocol server on its loopback port when GAME_SIM is on), the payment provider (the sandbox, or none), the order engine
 * and the delivery worker. Routes and the worker reach the same adapters, so what a test switches on the
 * simulator or the sandbox, the worker sees too.
 */
import type { FastifyInstance } from 'fastify';
import { createCaptchaService } from '../passport/index.ts';
import type { GameServerAdapter } from './game-server.adapter.ts';
import { HttpGameServerAdapter, type GameServerEndpoint } from './game-server.http-adapter.ts';
import { createGameSimProtocolServer, type GameSimProtocolServer } from './game-sim-protocol.server.ts';
import { PayCaptchaService } from './pay-captcha.service.ts';
import { PayCatalogRepository } from './pay-catalog.repository.ts';
import { PayCatalogService } from './pay-catalog.service.ts';
import { PayCharacterService } from './pay-character.service.ts';
import { PayDeliveryWorker } from './pay-delivery.worker.ts';
import { PayOrderService } from './pay-order.service.ts';
import { PaySwitchRepository } from './pay-switch.repository.ts';
import { PaySwitchService } from './pay-switch.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { httpSender, SandboxNotifier, SandboxProvider, type NotificationSender } from './sandbox-provider.ts';
import { SandboxRepository } from './sandbox.repository.ts';

/** Where notifications of a provider arrive (POST, under the pay group). */
export const notifyPath = (provider: string) => `/pay/notify/${provider}`;

export interface PaySandbox {
  provider: SandboxProvider;
  notifier: SandboxNotifier;
  repo: SandboxRepository;
  /** How long "pay, notify late" holds the notification back. */
  lateMs: number;
}

export interface PayRuntime {
  switches: PaySwitchService;
  catalog: PayCatalogService;
  characters: PayCharacterService;
  captcha: PayCaptchaService;
  gameServer: GameServerAdapter;
  /** The built-in game server's protocol server (GAME_SIM). */
  gameSim: GameSimProtocolServer | undefined;
  provider: PaymentProvider | undefined;
  /** Set when PAY_PROVIDER=sandbox. */
  sandbox: PaySandbox | undefined;
  orders: PayOrderService;
  worker: PayDeliveryWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    pay: PayRuntime;
  }
}

export function createPayRuntime(app: FastifyInstance): PayRuntime {
  const { db, env, log, now } = app;
  const region = app.site.distributionRegion;
  const switches = new PaySwitchService(new PaySwitchRepository(db), region);
  const catalogRepo = new PayCatalogRepository(db);
  const catalog = new PayCatalogService(catalogRepo, { distributionRegion: region, mediaUrl: app.mediaUrl });
  const gameSim = env.gameSim
    ? createGameSimProtocolServer({ db, keys: { sim: env.GAME_SIM_SECRET }, now, port: env.GAME_SIM_PORT })
    : undefined;
  if (gameSim) app.addHook('onClose', () => gameSim.close());
  const gameServer = new HttpGameServerAdapter({
    endpoint: async (gameBaseId): Promise<GameServerEndpoint | undefined> => {
      const configured = env.GAME_SERVERS[String(gameBaseId)];
      if (configured)
        return {
          baseUrl: configured.url,
          keyId: configured.key_id,
          secret: env.GAME_SERVER_KEYS[configured.key_id]!,
        };
      return gameSim && { baseUrl: await gameSim.url(), keyId: 'sim', secret: env.GAME_SIM_SECRET };
    },
    now,
    timeoutMs: env.GAME_SERVER_TIMEOUT_MS,
  });
  const characters = new PayCharacterService(catalog, catalogRepo, gameServer);
  const captcha = new PayCaptchaService(
    createCaptchaService(db, { testAnswer: env.CAPTCHA_TEST_ANSWER, now }),
  );

  let sandbox: PaySandbox | undefined;
  if (env.payProvider === 'sandbox') {
    const repo = new SandboxRepository(db);
    // Unset PAY_SANDBOX_NOTIFY_URL: the notification goes through this app's own HTTP stack without a socket
    // (the same route, headers and body a remote provider's request has).
    const send: NotificationSender = env.PAY_SANDBOX_NOTIFY_URL
      ? httpSender(env.PAY_SANDBOX_NOTIFY_URL)
      : async (body, headers) =>
          (await app.inject({ method: 'POST', url: notifyPath('sandbox'), payload: body, headers }))
            .statusCode;
    sandbox = {
      provider: new SandboxProvider(repo, {
        secret: env.paySandboxSecret,
        baseUrl: env.PAY_SANDBOX_URL,
        now,
      }),
      notifier: new SandboxNotifier(repo, { secret: env.paySandboxSecret, send, log, now }),
      repo,
      lateMs: env.PAY_SANDBOX_LATE_MS,
    };
  }
  const provider = sandbox?.provider;

  const worker = new PayDeliveryWorker({
    db,
    gameServer,
    log,
    now,
    pollMs: env.PAY_WORKER_POLL_MS,
    exclusive: app.database.exclusive,
  });
  const orders = new PayOrderService(
    { db, switches, captcha, catalog, characters, provider },
    {
      distributionRegion: region,
      orderTtlMs: env.PAY_ORDER_TTL_S * 1000,
      log,
      now,
      onPaid: () => worker.wake(),
    },
  );
  return { switches, catalog, characters, captcha, gameServer, gameSim, provider, sandbox, orders, worker };
}
