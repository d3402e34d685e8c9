/**
 * Builds the API: plugins first, then one routes module per domain. Listening is server.ts's job, so tests
 * drive this same app through `inject()`.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { site } from '@gp/config';
import type { Env } from './config/env.ts';
import type { Database, Db } from './db/database.ts';
import { installBrowserPolicy } from './http/browser-policy.ts';
import { developmentRoutesOnLoopback, refuseDevelopmentPartsInProduction } from './http/development-only.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { contentAdminRoutes } from './modules/content-admin/content-admin.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { setOwnOrigins } from './modules/content/rich-text.ts';
import { csJobs } from './modules/cs/cs-jobs.plugin.ts';
import { csRoutes } from './modules/cs/cs.routes.ts';
import { deskRoutes } from './modules/desk/desk.routes.ts';
import { faqAdminRoutes } from './modules/faq-admin/faq-admin.routes.ts';
import { gameAdminRoutes } from './modules/game-admin/game-admin.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { mailboxRoutes } from './modules/messaging/mailbox.routes.ts';
import { gameSimRoutes } from './modules/pay/game-sim.routes.ts';
import { messageDispatch } from './modules/messaging/message-dispatch.plugin.ts';
import { memberAuthenticator } from './modules/passport/member-auth.ts';
import { passportRoutes } from './modules/passport/passport.routes.ts';
import { SessionRepository } from './modules/passport/session.repository.ts';
import type { OidcProviderConfig } from './modules/passport/social.service.ts';
import { createPayRuntime } from './modules/pay/pay-runtime.ts';
import { payRoutes } from './modules/pay/pay.routes.ts';
import { payAdminRoutes } from './modules/pay-admin/pay-admin.routes.ts';
import { installPublicCache } from './modules/public-cache/public-cache.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { staffAuthenticator } from './modules/staff/staff-auth.ts';
import { StaffSessionRepository } from './modules/staff/staff-session.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    env: Env;
    site: typeof site;
    mediaUrl: (id: string) => string;
    /** The OpenID providers behind social login (real ones and, off production, the Demo ID). */
    socialProviders: readonly OidcProviderConfig[];
    /** The clock of time-driven content (scheduled publishing, preview links); tests move it. */
    now: () => Date;
  }
}

export interface BuildOptions {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  socialProviders?: readonly OidcProviderConfig[];
  /** Default: the system clock. */
  now?: () => Date;
}

/** JSON lines in production and when piped; readable lines for a developer at a terminal. */
function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  const pretty = env.NODE_ENV !== 'production' && process.stdout.isTTY;
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
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
  socialProviders = [],
  now = () => new Date(),
}: BuildOptions) {
  refuseDevelopmentPartsInProduction(env);
  const app = Fastify({
    logger: logger ?? loggerOptions(env),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('env', env);
  app.decorate('site', site);
  app.decorate('socialProviders', socialProviders);
  app.decorate('now', now);
  app.decorate('mediaUrl', (id: string) => `${env.PUBLIC_UPLOAD_URL.replace(/\/$/, '')}/media/${id}`);

  app.decorate('authenticators', {
    member: memberAuthenticator(new SessionRepository(database.db)),
    staff: staffAuthenticator(new StaffSessionRepository(database.db)),
  });
  // The pay module's adapters, order engine and delivery worker, shared by its routes and background work.
  app.decorate('pay', createPayRuntime(app));

  // Public reads answered from memory; emptied by every successful staff write (modules/public-cache).
  installPublicCache(app, { ttlMs: env.PUBLIC_CACHE_TTL_MS, now, db: database.db });

  setOwnOrigins(env.appOrigins);
  registerErrorHandling(app);
  // Security headers, CORS per group, cross-site writes refused; development tools on loopback only.
  await installBrowserPolicy(app);
  developmentRoutesOnLoopback(app);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(etag);
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
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
  await app.register(csRoutes);
  await app.register(staffRoutes);
  await app.register(contentAdminRoutes);
  await app.register(deskRoutes, { now }); // the ticket desk; its export worker runs in this process
  await app.register(payAdminRoutes);
  await app.register(faqAdminRoutes, { now }); // FAQ entries for staff (scheduled online times use the clock)
  await app.register(gameAdminRoutes, { now });
  // Messages stay in the outbox locally; the mailbox shows them. Production sends them and has no mailbox.
  if (env.NODE_ENV !== 'production') await app.register(mailboxRoutes);
  // The built-in game server's switches and received credit, for trying failures locally; never in production.
  if (env.NODE_ENV !== 'production') await app.register(gameSimRoutes);
  await app.register(messageDispatch); // sends the outbox through smtp / the SMS gateway when configured
  await app.register(csJobs); // closes quiet replied tickets, deletes unsent uploads
  return app;
}
