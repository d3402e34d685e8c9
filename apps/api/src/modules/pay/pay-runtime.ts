/**
 * The pay module's parts, built once per app and shared by its routes and its background work (`app.pay`): the
 * game-server adapter (HTTP, the game-server protocol: each game's server from GAME_SERVERS, else the connection
 * staff saved in the console, else the built-in simulator's protocol server on its loopback port when GAME_SIM is
 * on), the payment providers (the sandbox, Stripe and / or Xendit, by name; the deployment's one is PAY_PROVIDER,
 * a channel may name another), the order engine
 * and the delivery worker. Routes and the worker reach the same adapters, so what a test switches on the
 * simulator or the sandbox, the worker sees too.
 */
import type { FastifyInstance } from 'fastify';
import { createCaptchaService, LockoutRepository } from '../sessions/index.ts';
import type { GameServerAdapter } from './game-server/game-server.adapter.ts';
import { HttpGameServerAdapter } from './game-server/game-server.http-adapter.ts';
import { GameServerConnectionService } from './game-server/game-server-connection.service.ts';
import { gameServerFetch } from './game-server/game-server.egress.ts';
import { clearChannel } from '../public-cache/index.ts';
import { PayCaptchaService } from './orders/pay-captcha.service.ts';
import { CatalogRepository } from './catalog/catalog.repository.ts';
import { PayCatalogService } from './catalog/pay-catalog.service.ts';
import { PayCharacterService } from './catalog/pay-character.service.ts';
import { PayDeliveryWorker } from './orders/pay-delivery.worker.ts';
import { PayAdminOrderService } from './orders/order-admin.service.ts';
import { PayOrderService, type RememberedCatalog } from './orders/pay-order.service.ts';
import { OrderWatch } from './orders/order-watch.ts';
import { PayOrderLookupService } from './orders/pay-order-lookup.service.ts';
import { PayOrderRepository } from './orders/pay-order.repository.ts';
import { PayOrderStreamService } from './orders/pay-order-stream.service.ts';
import { PayReconciler } from './orders/pay-reconcile.job.ts';
import { PaySettlementService } from './settlement/pay-settlement.service.ts';
import { orderStreamMetrics, payMetrics, reconcileMetrics } from '../../observability/metrics.ts';
import { PayRefundRepository } from './refunds/pay-refund.repository.ts';
import { PayRefundService } from './refunds/pay-refund.service.ts';
import { PayReversalWorker } from './refunds/pay-reversal.worker.ts';
import { PaySwitchService } from './catalog/pay-switch.service.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { standInsAskedFor, type PayStandIns } from './pay-stand-ins.ts';
import { RememberedCatalogRepository, type Remember } from './catalog/remembered-catalog.repository.ts';
import { StripeProvider } from './providers/stripe/stripe-provider.ts';
import { XenditProvider } from './providers/xendit/xendit-provider.ts';
import { settingsOf, type ConfiguredProviders } from './providers/provider-catalog.ts';

/** Where notifications of a provider arrive (POST, under the pay group). */
export const notifyPath = (provider: string) => `/pay/notify/${provider}`;

/** Keys of the local test server when none are given (development and tests only; production requires both). */
export const localStripeKeys = {
  secretKey: 'sk_test_local',
  webhookSecret: 'whsec_local_test_server',
} as const;

/** The same for Xendit's local test server. */
export const localXenditKeys = {
  secretKey: 'xnd_development_local_test_server',
  callbackToken: 'local-xendit-callback-token',
} as const;

export interface PayRuntime {
  switches: PaySwitchService;
  catalog: PayCatalogService;
  characters: PayCharacterService;
  captcha: PayCaptchaService;
  gameServer: GameServerAdapter;
  /** Each game's game-server connection (console, GAME_SERVERS, simulator), its sync and the daily job. */
  gameServers: GameServerConnectionService;
  /** The deployment's provider (PAY_PROVIDER). */
  provider: PaymentProvider | undefined;
  /** Every configured provider by name; a channel may name any of them (pay_channel.provider). */
  providers: Record<string, PaymentProvider>;
  /** Set when PAY_PROVIDER=stripe, STRIPE_SECRET_KEY or STRIPE_TEST_SERVER. */
  stripe: StripeProvider | undefined;
  /** Set when PAY_PROVIDER=xendit, XENDIT_SECRET_KEY or XENDIT_TEST_SERVER. */
  xendit: XenditProvider | undefined;
  /** The providers configured here and the deployment's own: which channels can be paid (provider-catalog.ts). */
  channelProviders: ConfiguredProviders;
  orders: PayOrderService;
  worker: PayDeliveryWorker;
  /** Asks providers about orders no notification decided (a background job with PAY_WORKER). */
  reconciler: PayReconciler;
  /** The daily settlement check (a background job with PAY_WORKER) and staff's "run now". */
  settlement: PaySettlementService;
  /** Refunds and disputes (staff's and the providers'). */
  refunds: PayRefundService;
  /** Takes refunded orders' credit back from the game server. */
  reversals: PayReversalWorker;
  /** The live order status. */
  streams: PayOrderStreamService;
  /** The lookup without login. */
  lookup: PayOrderLookupService;
  /** Staff's order search, an order's story and "retry delivery" (the pay console and the ticket desk). */
  staffOrders: PayAdminOrderService;
}

declare module 'fastify' {
  interface FastifyInstance {
    pay: PayRuntime;
  }
}

/**
 * The start check: channels naming a payment provider this deployment has not configured. Players are not
 * offered them and orders naming them are refused (err13), and the console shows why, so the start goes on
 * (refusing it would leave an operator who removed a provider's keys with no console to switch the channels
 * off); the list is logged so the operator sees what players no longer get.
 */
export async function checkChannelProviders(
  catalog: CatalogRepository,
  configured: readonly string[],
  options: { log: Pick<FastifyInstance['log'], 'warn'> },
): Promise<void> {
  const channels = await catalog.channelsNamingOtherProviders(configured);
  if (channels.length === 0) return;
  const lines = channels.map((c) => {
    const settings = settingsOf(c.provider!);
    return (
      `game ${c.gameBaseId} ${c.currency} pay_mode ${c.payMode} ${c.paymentType}${c.isOpen ? '' : ' (closed)'}: ${c.provider}` +
      ` is not configured${settings ? ` (set ${settings})` : ''}`
    );
  });
  options.log.warn(
    { channels: lines, configured },
    'pay channels name a payment provider that is not configured: players are not offered them',
  );
}

/**
 * Builds the pay module's parts. `standIns` (src/dev/) is given by development processes and tests only; without
 * it, settings that ask for one stop the start naming them.
 */
export function createPayRuntime(app: FastifyInstance, standIns?: PayStandIns): PayRuntime {
  const { db, env, log, now } = app;
  const asked = standInsAskedFor(env);
  if (!standIns && asked.length > 0)
    throw new Error(
      `${asked.join(', ')} asks for a development stand-in, which this build does not have ` +
        '(they run only from the development entry points in src/dev/)',
    );
  let stripe: StripeProvider | undefined;
  if (
    env.payProvider === 'stripe' ||
    env.STRIPE_SECRET_KEY !== undefined ||
    env.STRIPE_TEST_SERVER !== undefined
  ) {
    // Production has both keys (env.ts requires them with PAY_PROVIDER=stripe); elsewhere the local ones.
    const secretKey = env.STRIPE_SECRET_KEY ?? localStripeKeys.secretKey;
    const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? localStripeKeys.webhookSecret;
    const apiBase =
      (env.STRIPE_TEST_SERVER !== undefined
        ? standIns?.stripeApiBase(app, { secretKey, webhookSecret })
        : undefined) ?? env.STRIPE_API_BASE;
    if (env.PROVIDER_TEST_SERVER_ALLOWED && env.STRIPE_API_BASE)
      app.log.warn(
        { apiBase: env.STRIPE_API_BASE },
        'Stripe calls go to a test server (PROVIDER_TEST_SERVER_ALLOWED): never in a real deployment',
      );
    stripe = new StripeProvider({ secretKey, webhookSecret, apiBase, now });
  }
  let xendit: XenditProvider | undefined;
  if (
    env.payProvider === 'xendit' ||
    env.XENDIT_SECRET_KEY !== undefined ||
    env.XENDIT_TEST_SERVER !== undefined
  ) {
    const secretKey = env.XENDIT_SECRET_KEY ?? localXenditKeys.secretKey;
    const callbackToken = env.XENDIT_CALLBACK_TOKEN ?? localXenditKeys.callbackToken;
    const apiBase =
      (env.XENDIT_TEST_SERVER !== undefined
        ? standIns?.xenditApiBase(app, { secretKey, callbackToken })
        : undefined) ?? env.XENDIT_API_BASE;
    if (env.PROVIDER_TEST_SERVER_ALLOWED && env.XENDIT_API_BASE)
      app.log.warn(
        { apiBase: env.XENDIT_API_BASE },
        'Xendit calls go to a test server (PROVIDER_TEST_SERVER_ALLOWED): never in a real deployment',
      );
    xendit = new XenditProvider({ secretKey, callbackToken, apiBase, now });
  }
  const providers: Record<string, PaymentProvider> = standIns ? { ...standIns.providers(app) } : {};
  if (stripe) providers.stripe = stripe;
  if (xendit) providers.xendit = xendit;
  // More accounts of a provider (STRIPE_ACCOUNTS, XENDIT_ACCOUNTS), each a provider of its own name: a channel
  // naming `stripe.th` is paid, asked about, refunded and settled through that account, and its notifications are
  // checked with that account's secret.
  for (const [account, keys] of Object.entries(env.STRIPE_ACCOUNTS)) {
    const name = `stripe.${account}`;
    providers[name] = new StripeProvider({
      name,
      secretKey: keys.secret_key,
      webhookSecret: keys.webhook_secret,
      apiBase: env.STRIPE_API_BASE,
      now,
    });
  }
  for (const [account, keys] of Object.entries(env.XENDIT_ACCOUNTS)) {
    const name = `xendit.${account}`;
    providers[name] = new XenditProvider({
      name,
      secretKey: keys.secret_key,
      callbackToken: keys.callback_token,
      apiBase: env.XENDIT_API_BASE,
      now,
    });
  }
  const provider = env.payProvider === 'none' ? undefined : providers[env.payProvider];
  const channelProviders: ConfiguredProviders = {
    configured: Object.keys(providers),
    deploymentProvider: provider?.name,
  };
  const region = app.site.distributionRegion;
  const catalogRepo = new CatalogRepository(db);
  const switches = new PaySwitchService(catalogRepo, region);
  const catalog = new PayCatalogService(catalogRepo, {
    distributionRegion: region,
    mediaUrl: app.mediaUrl,
    providers: channelProviders,
    now,
  });
  const simulator = env.gameSim ? standIns?.gameServer(app) : undefined;
  // Reads kept as the public cache keeps its answers (the cache is decorated after this runtime, so it is looked
  // up when a read comes): at most its TTL old, forgotten by every staff write in every process.
  const cacheOn = () => app.hasDecorator('publicCache') && app.publicCache.enabled;
  const remember: Remember = (key, read) => (cacheOn() ? app.publicCache.remember(key, read) : read());
  const egress = { production: env.NODE_ENV === 'production', hosts: env.GAME_SERVER_HOSTS };
  const gameServerFetched = gameServerFetch(egress);
  const gameServers = new GameServerConnectionService({
    db,
    sealKey: env.staffTotpKey,
    overrides: env.GAME_SERVERS,
    overrideKeys: env.GAME_SERVER_KEYS,
    simulator,
    egress,
    fetch: gameServerFetched,
    remember,
    now,
    timeoutMs: env.GAME_SERVER_TIMEOUT_MS,
    log,
    exclusive: app.database.exclusive,
    forgetPublic: async () => {
      if (!app.hasDecorator('publicCache')) return;
      app.publicCache.clear();
      await app.database.notify(clearChannel, 'pay.game-server');
    },
  });
  const gameServer = new HttpGameServerAdapter({
    endpoint: (gameBaseId) => gameServers.endpoint(gameBaseId),
    fetch: gameServerFetched,
    now,
    timeoutMs: env.GAME_SERVER_TIMEOUT_MS,
  });
  const characters = new PayCharacterService(catalog, catalogRepo, gameServer);
  const captcha = new PayCaptchaService(
    createCaptchaService(db, { testAnswer: env.CAPTCHA_TEST_ANSWER, now }),
  );

  app.addHook('onReady', () => checkChannelProviders(catalogRepo, Object.keys(providers), { log }));

  const worker = new PayDeliveryWorker({
    db,
    gameServer,
    log,
    now,
    pollMs: env.PAY_WORKER_POLL_MS,
    exclusive: app.database.exclusive,
  });
  const reversals = new PayReversalWorker({ db, gameServer, log, now });
  const refunds = new PayRefundService({
    db,
    providerNamed: (name) => providers[name],
    log,
    now,
    onRefunded: () => reversals.wake(),
  });
  const refundRows = new PayRefundRepository(db);
  // Order creation's catalog reads from memory (they were most of an order's round trips), kept by `remember`.
  const rememberedRepo = new RememberedCatalogRepository(db, remember);
  const rememberedCatalog = new PayCatalogService(rememberedRepo, {
    distributionRegion: region,
    mediaUrl: app.mediaUrl,
    providers: channelProviders,
    now,
  });
  const remembered: RememberedCatalog = {
    enabled: cacheOn,
    forget: () => app.publicCache.forgetValues(),
    remember,
    switches: new PaySwitchService(rememberedRepo, region),
    catalog: rememberedCatalog,
    characters: new PayCharacterService(rememberedCatalog, rememberedRepo, gameServer),
  };
  const orders = new PayOrderService(
    {
      db,
      switches,
      captcha,
      catalog,
      characters,
      remembered,
      provider,
      providersByName: providers,
      afterPayment: (named, incoming) => refunds.afterPayment(named, incoming),
      refundsOf: async (ids) => {
        const rows = await refundRows.refundsOf(ids);
        return new Map([...rows].map(([id, r]) => [id, { reason: r.reason, refundedAt: r.refundedAt }]));
      },
    },
    {
      distributionRegion: region,
      orderTtlMs: env.PAY_ORDER_TTL_S * 1000,
      payOrigin: env.PAY_ORIGIN,
      log,
      now,
      onPaid: () => worker.wake(),
      metrics: payMetrics(app.metrics),
    },
  );
  const reconciler = new PayReconciler({
    db,
    orders,
    log,
    now,
    afterMs: env.PAY_RECONCILE_AFTER_MS,
    exclusive: app.database.exclusive,
    metrics: reconcileMetrics(app.metrics),
  });
  // The live order status: one poller per process for every open stream (order-watch.ts).
  const orderRows = new PayOrderRepository(db);
  const watch = new OrderWatch({ read: (ids) => orderRows.watchStates(ids), intervalMs: 1_000, log });
  const streams = new PayOrderStreamService({
    repo: orderRows,
    orders,
    watch,
    limits: {
      perMember: env.PAY_STREAMS_PER_MEMBER,
      perProcess: env.PAY_STREAMS_MAX,
      lifetimeMs: env.PAY_STREAM_LIFETIME_S * 1000,
    },
    log,
  });
  // Streams never end on their own soon: hang them up before the server waits for its requests in flight.
  app.addHook('preClose', async () => streams.hangUpAll());
  app.addHook('onClose', async () => watch.close());
  orderStreamMetrics(app.metrics, () => streams.openStreams);
  const lookup = new PayOrderLookupService({
    repo: orderRows,
    orders,
    counters: new LockoutRepository(db),
    now,
  });
  const settlement = new PaySettlementService({
    db,
    providers,
    log,
    now,
    exclusive: app.database.exclusive,
  });
  return {
    switches,
    catalog,
    characters,
    captcha,
    gameServer,
    gameServers,
    provider,
    providers,
    stripe,
    xendit,
    channelProviders,
    orders,
    worker,
    reconciler,
    settlement,
    refunds,
    reversals,
    streams,
    lookup,
    // A retried delivery goes out at the worker's next round rather than its next poll.
    staffOrders: new PayAdminOrderService({ db, onRetry: () => worker.wake(), now }),
  };
}
