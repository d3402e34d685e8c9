/**
 * Where payment providers notify the shop: /pay/notify/<provider> (the sandbox: /pay/notify/sandbox), as each
 * provider sends: a POST of JSON, of a form or of text - the body read as the exact text that arrived, since a
 * signature covers it byte for byte - or a GET with the notification in its query string. Answers: 200 when the
 * notification is taken (applied, already seen, or past the order: the provider may stop sending it), with the
 * provider's own acknowledgement where it expects one (`acknowledgement`: a text `OK`, say), else JSON; 401 with a
 * wrong signature or a timestamp more than 5 minutes away, 400 when it cannot be read, both logged; 404 for a
 * provider that is not configured; 500 when it could not be recorded (the provider sends it again).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotificationRejected, type IncomingNotification } from './payment-provider.ts';
import { clientAddress } from '../../../http/client-address.ts';

const bodyLimit = 64 * 1024;

export async function payNotifyRoutes(app: FastifyInstance) {
  // This plugin's routes only: keep every body as text for the signature check.
  const asText = (_req: FastifyRequest, body: string, done: (err: null, body: string) => void) =>
    done(null, body);
  for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
    // The app's own parsers (JSON, forms) read these types into objects: this plugin's routes replace them.
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit }, asText);
  }

  async function receive(request: FastifyRequest, reply: FastifyReply, method: 'POST' | 'GET') {
    const { provider } = request.params as { provider: string };
    const named = app.pay.orders.providerNamed(provider);
    if (!named) {
      return reply.status(404).send({ received: false, error: 'unknown_provider' });
    }
    const queryAt = request.url.indexOf('?');
    const incoming: IncomingNotification = {
      method,
      headers: request.headers,
      rawBody: typeof request.body === 'string' ? request.body : '',
      query: queryAt < 0 ? '' : request.url.slice(queryAt + 1),
    };
    try {
      const result = await app.pay.orders.handleNotification(incoming, provider);
      const ack = named.acknowledgement;
      if (ack) return reply.status(200).type(ack.contentType).send(ack.body);
      return reply.status(200).send({ received: true, result });
    } catch (error) {
      if (!(error instanceof NotificationRejected)) throw error;
      request.log.warn(
        { provider, reason: error.reason, err: error.message, ip: clientAddress(request) },
        'payment notification refused',
      );
      return reply.status(error.status).send({ received: false, error: error.reason });
    }
  }

  app.post('/pay/notify/:provider', (request, reply) => receive(request, reply, 'POST'));
  app.get('/pay/notify/:provider', (request, reply) => receive(request, reply, 'GET'));
}
