import type { FastifyInstance } from 'fastify';
import { codes } from '@gp/errors';
import { checkReadiness } from './readiness.service.ts';

/** How long readiness waits for the database: a balancer's probe must not hang on a stuck pool. */
const readinessTimeoutMs = 2_000;

/**
 * `/healthz`: liveness plus a database round trip; 503 when the database does not answer.
 * `/readyz`: readiness (readiness.service.ts); 503 while draining, without the database or with a migration
 * not applied.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (request, reply) => {
    const started = performance.now();
    try {
      await app.database.ping();
      return {
        code: 0,
        message: 'ok',
        data: {
          status: 'up',
          database: {
            driver: app.database.driver,
            status: 'up',
            latency_ms: Math.round((performance.now() - started) * 10) / 10,
          },
        },
      };
    } catch (err) {
      request.log.error({ err }, 'database ping failed');
      return reply.status(503).send({
        code: codes.serverError,
        message: 'database unavailable',
        data: { status: 'down', database: { driver: app.database.driver, status: 'down' } },
      });
    }
  });

  app.get('/readyz', async (request, reply) => {
    const { error, ...readiness } = await checkReadiness(app.database, {
      draining: app.lifecycle.draining,
      timeoutMs: readinessTimeoutMs,
    });
    const data = {
      status: readiness.ready ? 'ready' : 'not_ready',
      draining: readiness.draining,
      database: { driver: app.database.driver, status: readiness.database },
      pending_migrations: readiness.pendingMigrations,
    };
    if (readiness.ready) return { code: 0, message: 'ready', data };
    if (error) request.log.error({ err: error }, 'readiness: database check failed');
    else if (!readiness.draining)
      request.log.warn({ pendingMigrations: readiness.pendingMigrations }, 'readiness: migrations pending');
    return reply.status(503).send({ code: codes.serverError, message: 'not ready', data });
  });
}
