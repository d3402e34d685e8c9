/**
 * Every failure leaves as an envelope (DESIGN section 4): business codes as 200, malformed input as 400/-400
 * naming the fields, rate limits as 429, unknown routes as 404, anything unexpected as 500/-500 with no internals.
 * A 5xx envelope also carries `request_id` (the `x-request-id` of the answer), for the player to quote and the
 * operator to find in the logs; no other answer changes.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codes, type ErrorDomain } from '@gp/errors';
import { serverMessage } from '@gp/i18n/server';
import { AppError, RequestValidationError } from './app-error.ts';
import { commonOf } from './request-context.ts';

function domainOf(request: FastifyRequest): ErrorDomain {
  return request.routeOptions?.config?.domain ?? 'common';
}

export function sendCode(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  options: { domain?: ErrorDomain; data?: unknown } = {},
) {
  const domain = options.domain ?? domainOf(request);
  return reply
    .status(status)
    .send({ code, message: serverMessage(commonOf(request).lang, domain, code), data: options.data ?? null });
}

function isEnvelope(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { code?: unknown }).code === 'number' &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    if (error instanceof AppError) {
      return sendCode(request, reply, error.statusCode, error.code, error.options);
    }
    if (error instanceof RequestValidationError) {
      return sendCode(request, reply, 400, codes.badRequest, {
        domain: 'common',
        data: { fields: error.fields },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return sendCode(request, reply, 429, codes.tooFrequent, { domain: 'common' });
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: unparsable JSON, wrong content type, body too large. Logged by code only: a JSON
      // parser's message may quote the body (V8's JSON errors do), which can hold a password or a code.
      request.log.info({ code: error.code, statusCode: status }, 'request refused');
      const field = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body:too_large' : 'body:malformed';
      const [name, problem] = field.split(':') as [string, string];
      return sendCode(request, reply, 400, codes.badRequest, {
        domain: 'common',
        data: { fields: [{ field: name, code: problem }] },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendCode(request, reply, 500, codes.serverError, { domain: 'common' });
  });

  // Every 5xx envelope (the error handler's, /healthz and /readyz) names its request.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 500 || !isEnvelope(payload)) return payload;
    return { ...payload, request_id: request.id };
  });

  app.setNotFoundHandler((request, reply) =>
    sendCode(request, reply, 404, codes.notFound, { domain: 'common' }),
  );
}
