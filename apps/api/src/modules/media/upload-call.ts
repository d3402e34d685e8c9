/**
 * Registers a multipart upload call (one file in the field `file`) in a scope of its own, so the multipart
 * parser exists for that route alone. The caller is authenticated before the body is read (a visitor or a
 * forged `ct` costs no upload), and a body announced far beyond the file limit is refused unread with -400
 * `file` `too_large`; a file over the limit that arrives anyway is cut at one byte more than allowed, so the
 * handler's own size check refuses it the same way instead of a transport error. A call whose domain answers a
 * too large file with a code of its own (the tickets' -10003) names that refusal as `tooLarge`.
 */
import type { FastifyInstance } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { CallContract } from '@gp/contracts';
import { RequestValidationError } from '../../http/app-error.ts';
import { registerCall, type CallHandler } from '../../http/register-call.ts';

/** Room for the multipart framing and a few small fields around the file. */
const framingBytes = 64 * 1024;

export async function registerUploadCall<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  limits: { maxBytes: number; tooLarge?: () => Error },
  handler: CallHandler<C>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (call.auth !== 'public') {
        // registerCall checks again (cheaply); here it keeps the body unread for those it refuses.
        await app.authenticators[call.auth]?.(
          request,
          (request.query ?? {}) as Record<string, unknown>,
          call,
        );
      }
      if (Number(request.headers['content-length'] ?? 0) > limits.maxBytes + framingBytes) {
        throw limits.tooLarge?.() ?? new RequestValidationError([{ field: 'file', code: 'too_large' }]);
      }
    });
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: false,
      limits: {
        fileSize: limits.maxBytes + 1,
        files: 1,
        fields: 4,
        parts: 5,
        fieldNameSize: 64,
        fieldSize: 1024,
        headerPairs: 50,
      },
      async onFile(part: MultipartFile) {
        const bytes = await part.toBuffer();
        (part as MultipartFile & { value?: unknown }).value = new File([bytes], part.filename, {
          type: part.mimetype,
        });
      },
    });
    registerCall(scope, call, handler);
  });
}
