/**
 * The member's tickets in the customer-service group (`/cs/komoe/api/...`, spec 7): tickets, contact info and
 * attachments (the FAQ reads of the same group are modules/faq). Handlers are one line; the rules live in the
 * services.
 */
import type { FastifyInstance } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  contactsInfo,
  contactsSave,
  csFileDownload,
  fileIdRule,
  fileUpload,
  uploadPolicy,
  workOrderCreate,
  workOrderDetail,
  workOrderGrade,
  workOrderPage,
} from '@gp/contracts/cs';
import { fullPath } from '@gp/contracts';
import { codes } from '@gp/errors';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { memberOf, registerCall } from '../../http/register-call.ts';
import { memberOfCookie } from '../accounts/index.ts';
import { ContactRepository } from './contact.repository.ts';
import { ContactService } from './contact.service.ts';

export async function ticketsRoutes(app: FastifyInstance) {
  const { workOrders, uploads } = app.tickets;
  const contacts = new ContactService(new ContactRepository(app.db), { now: app.now });

  registerCall(app, workOrderPage, (input, ctx) => workOrders.page(memberOf(ctx).mid, input, ctx.lang));
  registerCall(app, workOrderDetail, (input, ctx) =>
    workOrders.detail(memberOf(ctx).mid, input.work_order_id, ctx.lang),
  );
  registerCall(app, workOrderCreate, (input, ctx) => workOrders.create(memberOf(ctx).mid, input, ctx.lang));
  registerCall(app, workOrderGrade, (input, ctx) =>
    workOrders.grade(memberOf(ctx).mid, input.work_order_id, input),
  );

  // Contact info.
  registerCall(app, contactsInfo, (_, ctx) => contacts.info(memberOf(ctx)));
  registerCall(app, contactsSave, (input, ctx) => contacts.save(memberOf(ctx).mid, input));

  // The upload is the only route that reads multipart bodies: the parser lives in this scope alone.
  await app.register(async (scope) => {
    // Refuse a visitor or a forged ct before the body is read (registerCall checks again, cheaply).
    scope.addHook('onRequest', async (request) => {
      await app.authenticators.member?.(request, (request.query ?? {}) as Record<string, unknown>);
      // A body announced far beyond one file plus its multipart framing is refused before it is read.
      if (Number(request.headers['content-length'] ?? 0) > uploadPolicy.maxBytes + 64 * 1024) {
        throw new AppError(codes.serviceFileTooLarge);
      }
    });
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      // Past the limit busboy stops keeping bytes and drains the rest: a too large file arrives as
      // maxBytes + 1 bytes, which the service refuses with -10003 instead of a transport error.
      throwFileSizeLimit: false,
      limits: {
        fileSize: uploadPolicy.maxBytes + 1,
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
    registerCall(scope, fileUpload, (input, ctx) => uploads.receive(memberOf(ctx).mid, input.file));
  });

  // Attachment download: the owner's session cookie is enough (a read with no effect; SameSite=Lax keeps other
  // sites from sending it along), so <img src> works. Staff get files through the staff desk's own route.
  const downloadQuery = z.object({ file_id: fileIdRule });
  app.get(fullPath(csFileDownload), { config: { domain: 'service' } }, async (request, reply) => {
    const session = await memberOfCookie(app.db, request, app.now());
    if (!session) throw new AppError(codes.notLoggedIn, { status: 401 });
    const query = downloadQuery.safeParse(request.query);
    if (!query.success) throw new AppError(codes.accessDenied, { status: 403 });
    const file = await uploads.open(query.data.file_id, { kind: 'member', mid: session.mid });
    return sendPrivateFile(reply, { ...file, disposition: file.kind === 'image' ? 'inline' : 'attachment' });
  });
}
