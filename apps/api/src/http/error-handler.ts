/**
 * Every failure leaves as an envelope (DESIGN section 4): business codes as 200, malformed input as 400/-400
 * naming the fields, rate limits as 429, unknown routes as 404, anything unexpected as 500/-500 with no internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codes, type ErrorDomain } from '@gp/errors';
import { serverMessage } from '@gp/i18n/server';
import { AppError, RequestValidationError } from './app-error.ts';
import { commonOf } from './request-context.ts';

function domainOf(request: FastifyRequest): ErrorDomain {
  const config = request.routeOptions?.config as { domain?: ErrorDomain } | undefined;
  return config?.domain ?? 'common';
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
      // Fastify's own refusals: unparsable JSON, wrong content type, body too large.
      request.log.info({ err: error }, 'request refused');
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

  app.setNotFoundHandler((request, reply) =>
    sendCode(request, reply, 404, codes.notFound, { domain: 'common' }),
  );
}
