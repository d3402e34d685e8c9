import type { FastifyInstance } from 'fastify';
import { codes } from '@gp/errors';

/** Liveness plus a database round trip; 503 when the database does not answer. */
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
}
