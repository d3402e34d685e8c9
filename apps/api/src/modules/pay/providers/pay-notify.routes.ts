/**
 * Where payment providers notify the shop: POST /pay/notify/<provider> (the sandbox: /pay/notify/sandbox). The
 * body is read as the exact text that arrived, since the signature covers it byte for byte. Answers: 200 when the
 * notification is taken (applied, already seen, or past the order: the provider may stop sending it); 401 with
 * a wrong signature or a timestamp more than 5 minutes away, 400 when it cannot be read, both logged; 404 for a
 * provider that is not configured; 500 when it could not be recorded (the provider sends it again).
 */
import type { FastifyInstance } from 'fastify';
import { NotificationRejected } from './payment-provider.ts';
import { clientAddress } from '../../../http/client-address.ts';

export async function payNotifyRoutes(app: FastifyInstance) {
  // This plugin's routes only: keep JSON bodies as text for the signature check.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post('/pay/notify/:provider', async (request, reply) => {
    const { provider } = request.params as { provider: string };
    if (!app.pay.orders.providerNamed(provider)) {
      return reply.status(404).send({ received: false, error: 'unknown_provider' });
    }
    const rawBody = typeof request.body === 'string' ? request.body : '';
    try {
      const result = await app.pay.orders.handleNotification({ headers: request.headers, rawBody }, provider);
      return reply.status(200).send({ received: true, result });
    } catch (error) {
      if (!(error instanceof NotificationRejected)) throw error;
      request.log.warn(
        { provider, reason: error.reason, err: error.message, ip: clientAddress(request) },
        'payment notification refused',
      );
      return reply.status(error.status).send({ received: false, error: error.reason });
    }
  });
}
