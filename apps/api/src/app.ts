/**
 * Builds the API: plugins first, then one routes module per domain. Listening is server.ts's job, so tests
 * drive this same app through `inject()`.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { stdSerializers, type DestinationStream } from 'pino';
import type { Registry } from 'prom-client';
import { site } from '@gp/config';
import { systemClock, type Clock } from './config/clock.ts';
import type { Env } from './config/env.ts';
import { fastifyTrustProxy } from './config/trusted-proxies.ts';
import type { Database, Db } from './db/database.ts';
import { installBrowserPolicy } from './http/browser-policy.ts';
import { developmentRoutesOnLoopback, refuseDevelopmentPartsInProduction } from './http/development-only.ts';
import { installEtags } from './http/etag.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { rateLimitKeyOf, sharedRateCounter, sharedRateLimitStore } from './modules/rate-limit/index.ts';
import { consoleHomeRoutes } from './modules/console-home/index.ts';
import { contentAdminRoutes, contentRoutes, setOwnOrigins } from './modules/content/index.ts';
import { createBackgroundJobs } from './composition/background-jobs.ts';
import type { DevelopmentParts } from './composition/development-parts.ts';
import { runBackgroundJobs } from './jobs/background-jobs.ts';
import { closeConnectionsWhileDraining } from './lifecycle/graceful-shutdown.ts';
import { createTicketsRuntime, deskRoutes, ticketsRoutes } from './modules/tickets/index.ts';
import { faqAdminRoutes, faqRoutes } from './modules/faq/index.ts';
import { gameAdminRoutes } from './modules/games/index.ts';
import { healthRoutes, readOperationsSnapshot } from './modules/health/index.ts';
import { errorSerializer, serializeRequest } from './observability/log-redaction.ts';
import { createProcessMetrics, installHttpMetrics } from './observability/metrics.ts';
import { inRequest, requestIdMixin } from './observability/log-context.ts';
import { genReqId, requestIdHeader } from './observability/request-id.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { memberAuthenticator, passportRoutes, type SocialProviderConfig } from './modules/accounts/index.ts';
import { createPayRuntime, payRoutes, payStaffRoutes } from './modules/pay/index.ts';

import { privacyRoutes } from './modules/privacy/index.ts';
import { installPublicCache } from './modules/public-cache/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { staffAuthenticator, staffRoutes } from './modules/staff/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    env: Env;
    site: typeof site;
    mediaUrl: (id: string) => string;
    /** The OpenID providers behind social login (real ones and, off production, the Demo ID). */
    socialProviders: readonly SocialProviderConfig[];
    /**
     * The app's clock (config/clock.ts): every service, worker and time-bound check of the app reads business
     * time from it; tests move it.
     */
    now: Clock;
    /** This process's Prometheus registry (src/observability/metrics.ts); server.ts serves it on METRICS_PORT. */
    metrics: Registry;
    /** The process's state: `draining` from SIGTERM until it exits (server.ts; `/readyz` answers 503 meanwhile). */
    lifecycle: { draining: boolean };
  }
}

export interface BuildOptions {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The app's own logger settings (level, redaction, serializers) writing JSON lines here: tests read them. */
  logStream?: DestinationStream;
  socialProviders?: readonly SocialProviderConfig[];
  /** Default: the system clock. */
  now?: Clock;
  /**
   * The development stand-ins (src/dev/development-parts.ts), from the development entry points and the tests
   * only; production is built without them.
   */
  dev?: DevelopmentParts;
}

/**
 * JSON lines in production and when piped; readable lines for a developer at a terminal. Every line of a request
 * carries its id (`reqId`); secrets never reach a line (observability/log-redaction.ts: query values of tokens
 * and signatures, quoted bodies, query parameters; cookies and Authorization by path).
 */
function loggerOptions(env: Env, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const pretty = !stream && env.NODE_ENV !== 'production' && process.stdout.isTTY;
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest, err: errorSerializer(stdSerializers.err) },
    mixin: requestIdMixin,
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export async function buildApp({
  env,
  database,
  logger,
  logStream,
  socialProviders = [],
  now = systemClock,
  dev,
}: BuildOptions) {
  refuseDevelopmentPartsInProduction(env);
  if (dev && env.NODE_ENV === 'production')
    throw new Error('refused in production: the development stand-ins (src/dev/)');
  const app = Fastify({
    logger: logger ?? loggerOptions(env, logStream),
    // The proxy's X-Request-Id when it is a plain token, else a fresh UUID (observability/request-id.ts). Fastify's
    // own requestIdHeader would take any value as it came, so the header is read by genReqId instead.
    requestIdHeader: false,
    genReqId,
    // Only the named proxies' X-Forwarded-For entries count (config/trusted-proxies.ts); http/client-address.ts
    // hands the resolved address to everything that counts or records clients.
    trustProxy: fastifyTrustProxy(env.trustedProxies),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // First of all hooks: what the request's hooks and handler log through the app's logger names the request too.
  app.addHook('onRequest', (request, _reply, done) => inRequest(request.id, done));
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('env', env);
  app.decorate('site', site);
  app.decorate('socialProviders', socialProviders);
  app.decorate('now', now);
  app.decorate('lifecycle', { draining: false });
  closeConnectionsWhileDraining(app); // lifecycle/graceful-shutdown.ts
  app.decorate('mediaUrl', (id: string) => `${env.PUBLIC_UPLOAD_URL.replace(/\/$/, '')}/media/${id}`);
  app.decorate(
    'metrics',
    createProcessMetrics({
      database,
      readOperations: (at) => readOperationsSnapshot(database.db, at),
      now,
      cacheMs: env.METRICS_CACHE_MS,
      log: app.log,
      smsDailyBudget: env.SMS_DAILY_BUDGET,
    }),
  );
  installHttpMetrics(app, app.metrics);
  // Every answer names its request, so a player or a proxy log can quote it (5xx bodies too: error-handler.ts).
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });

  app.decorate('authenticators', {
    member: memberAuthenticator(database.db, { now }),
    staff: staffAuthenticator(database.db, { now }),
  });
  // What modules do when a member logs in (modules/accounts/login-listeners.ts; privacy cancels a deletion).
  app.decorate('memberLoginListeners', []);
  // The pay module's adapters, order engine and delivery worker, shared by its routes and background work.
  app.decorate('pay', createPayRuntime(app, dev?.pay));
  // The tickets module's rules, attachments and export worker, shared by players' calls, the desk and the jobs.
  app.decorate('tickets', createTicketsRuntime(app));
  // Every background job, built here (the routes wake some); run in this process only with RUN_JOBS, else by
  // src/worker.ts (src/composition/background-jobs.ts).
  app.decorate('jobs', createBackgroundJobs(app, dev));

  // Public reads answered from memory; emptied by every successful staff write, in every process
  // (modules/public-cache).
  await installPublicCache(app, { ttlMs: env.PUBLIC_CACHE_TTL_MS, now, db: database.db, database });

  setOwnOrigins(env.appOrigins);
  registerErrorHandling(app);
  // Security headers, CORS per group, cross-site writes refused; development tools on loopback only.
  await installBrowserPolicy(app);
  developmentRoutesOnLoopback(app);
  await app.register(cookie);
  await app.register(formbody);
  installEtags(app);
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // IPv6 counted by its /64 (modules/rate-limit/address-key.ts).
    keyGenerator: rateLimitKeyOf,
    // Counted in memory, merged across processes through PostgreSQL every 250 ms (modules/rate-limit).
    store: sharedRateLimitStore(sharedRateCounter(app)),
    // The error handler turns this into the 429 envelope with the "too frequent" code.
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'rate limited',
    }),
  });

  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(siteRoutes);
  await app.register(contentRoutes);
  await app.register(passportRoutes);
  await app.register(payRoutes);
  await app.register(faqRoutes);
  await app.register(ticketsRoutes);
  await app.register(staffRoutes);
  await app.register(contentAdminRoutes);
  await app.register(deskRoutes); // the ticket desk
  await app.register(payStaffRoutes);
  await app.register(faqAdminRoutes); // FAQ entries for staff (scheduled online times use the clock)
  await app.register(gameAdminRoutes);
  await app.register(privacyRoutes); // data exports and account deletions (members and staff)
  await app.register(consoleHomeRoutes); // the console's day at a glance and the ratings
  // The stand-ins' pages and calls (the sandbox's checkout, the mailbox, the game server's switches).
  if (dev) await dev.routes(app);
  if (env.RUN_JOBS) runBackgroundJobs(app, () => app.jobs.list);
  return app;
}
