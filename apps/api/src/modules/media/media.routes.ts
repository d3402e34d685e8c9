/**
 * Public images by content-hash id under the upload group. The id changes whenever the bytes do, so answers
 * are cacheable for a year; SVG is sent with a sandboxing CSP because it can carry script.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { codes } from '@gp/errors';
import { MediaRepository } from './media.repository.ts';

const params = z.object({ id: z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/) });

export async function mediaRoutes(app: FastifyInstance) {
  const repo = new MediaRepository(app.db);
  app.get('/upload/media/:id', { config: { domain: 'common' } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const row = parsed.success ? await repo.find(parsed.data.id) : undefined;
    if (!row) throw new AppError(codes.notFound, { status: 404 });
    return reply
      .header('content-type', row.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(Buffer.from(row.bytes));
  });
}
