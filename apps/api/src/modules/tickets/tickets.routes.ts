/**
 * The member's tickets in the customer-service group (`/cs/komoe/api/...`, spec 7): tickets, contact info and
 * attachments (the FAQ reads of the same group are modules/faq). Handlers are one line; the rules live in the
 * services.
 */
import type { FastifyInstance } from 'fastify';
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
import { registerUploadCall } from '../media/index.ts';
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

  // The upload is the only route that reads multipart bodies: the parser lives in its scope alone. A file
  // over the limit is refused with -10003, announced (unread) or arrived (cut at one byte more, by the service).
  await registerUploadCall(
    app,
    fileUpload,
    { maxBytes: uploadPolicy.maxBytes, tooLarge: () => new AppError(codes.serviceFileTooLarge) },
    (input, ctx) => uploads.receive(memberOf(ctx).mid, input.file),
  );

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
