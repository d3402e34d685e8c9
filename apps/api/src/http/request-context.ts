/** What every call knows about its request besides its own fields: language and region (spec 7). */
import type { FastifyRequest } from 'fastify';
import { commonParams, type CommonParams } from '@gp/contracts';

function rawParams(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

/**
 * Common parameters, read from the query string or the body. Never fails: registerCall has refused a bad region
 * already, and error answers still need a language.
 */
export function commonOf(request: FastifyRequest): CommonParams {
  const raw = rawParams(request);
  const parsed = commonParams.safeParse(raw);
  if (parsed.success) return parsed.data;
  return commonParams.parse({ lang: raw.lang });
}

export function inputOf(request: FastifyRequest, encoding: string): Record<string, unknown> {
  return encoding === 'query' ? ((request.query ?? {}) as Record<string, unknown>) : rawParams(request);
}
