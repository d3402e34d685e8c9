/**
 * The ticket desk (`/csmng/komoe/mng/work_order/...`, `/csmng/mng/work_order/user_submit_record`,
 * `/csmng/komoe/mng/question/title_match`; @gp/contracts/desk). Handlers are one line; who may call what is
 * declared in the contracts and checked by the staff authenticator; the rules live in the services.
 *
 * Two downloads are plain GET routes the browser opens itself (a link, `<img src>`), so they carry no `ct`: the
 * staff session cookie (SameSite=Strict) and the privilege are checked by `staffOfCookie`, and the export's link
 * is signed besides (desk-export-link.ts). Both answer with `nosniff` and are never cached.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileIdRule } from '@gp/contracts/cs';
import {
  deskExportCheck,
  deskExportStart,
  deskFilePath,
  deskSavedReplyDelete,
  deskSavedReplyList,
  deskSavedReplySave,
  deskTicketBatchReply,
  deskTicketBatchReplyPreview,
  deskTicketDetailCall,
  deskTicketLock,
  deskTicketModify,
  deskTicketOrderAction,
  deskTicketPage,
  deskTicketRecall,
  deskTicketReply,
  deskTicketUnlock,
  deskUserSubmitRecord,
  faqTitleMatchCall,
} from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { AppError } from '../../../http/app-error.ts';
import { sendPrivateFile } from '../../../http/private-file.ts';
import { registerCall, staffOf } from '../../../http/register-call.ts';
import { staffOfCookie } from '../../staff/index.ts';
import { exportDownloadPath } from './desk-export-link.ts';
import { DeskExportService } from './desk-export.service.ts';
import { DeskOrderService } from './desk-order.service.ts';
import { DeskService } from './desk.service.ts';
import { SavedReplyService } from './saved-reply.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const staffDomain = { domain: 'staff' as const };

export async function deskRoutes(app: FastifyInstance) {
  // The app's clock (tests move it): lock and recall windows, link expiry, the export worker's leases.
  const { now } = app;
  const { workOrders, uploads, deskExports: worker } = app.tickets;
  const desk = new DeskService({
    db: app.db,
    workOrders,
    portalOrigin: app.env.PORTAL_ORIGIN,
    now,
    log: app.log,
  });
  const exports = new DeskExportService({
    db: app.db,
    linkSecret: app.env.staffLinkSecret,
    now,
    onQueued: () => worker.wake(),
  });
  const savedReplies = new SavedReplyService({ db: app.db, now });
  // A ticket's linked order: the pay console's detail and retry, the order engine's provider query.
  const payAdmin = app.pay.staffOrders;
  const deskOrders = new DeskOrderService({
    db: app.db,
    workOrders,
    now,
    portalOrigin: app.env.PORTAL_ORIGIN,
    orders: app.pay.orders,
    payAdmin,
  });

  registerCall(app, deskTicketPage, (input, ctx) => desk.page(input, ctx.lang));
  registerCall(app, deskTicketDetailCall, async (input, ctx) =>
    deskOrders.withOrder(await desk.detail(input.work_order_id, ctx.lang), staffOf(ctx), ctx.lang),
  );
  registerCall(app, deskUserSubmitRecord, (input, ctx) => desk.userRecord(input, ctx.lang));
  registerCall(app, faqTitleMatchCall, (input, ctx) => desk.titleMatch(input, ctx.lang));

  registerCall(app, deskTicketModify, (input, ctx) => desk.modify(staffOf(ctx), input, ctx.lang));
  registerCall(app, deskTicketReply, (input, ctx) => desk.reply(staffOf(ctx), input));
  registerCall(app, deskTicketBatchReply, (input, ctx) => desk.batchReply(staffOf(ctx), input));
  registerCall(app, deskTicketBatchReplyPreview, (input) => desk.batchPreview(input));
  registerCall(app, deskTicketRecall, (input, ctx) => desk.recall(staffOf(ctx), input, ctx.lang));
  registerCall(app, deskTicketLock, (input, ctx) => desk.lock(staffOf(ctx), input));
  registerCall(app, deskTicketUnlock, (input, ctx) => desk.unlock(staffOf(ctx), input.work_order_id));
  registerCall(app, deskTicketOrderAction, (input, ctx) => deskOrders.act(staffOf(ctx), input, ctx.lang));

  registerCall(app, deskSavedReplyList, () => savedReplies.list());
  registerCall(app, deskSavedReplySave, (input, ctx) => savedReplies.save(staffOf(ctx), input));
  registerCall(app, deskSavedReplyDelete, (input, ctx) =>
    savedReplies.delete(staffOf(ctx), input.saved_reply_id),
  );

  registerCall(app, deskExportStart, (input, ctx) => exports.start(staffOf(ctx), input, ctx.lang));
  registerCall(app, deskExportCheck, (input, ctx) => exports.check(staffOf(ctx), input.task_id));

  // A ticket's attachment, for staff who may read tickets (the path comes from the contract).
  const fileQuery = z.object({ file_id: fileIdRule });
  const filePath = `/csmng${new URL(deskFilePath('x'), 'http://desk').pathname}`;
  app.get(filePath, { config: staffDomain }, async (request, reply) => {
    await staffOfCookie(app.db, request, 'tickets.read', now());
    const query = fileQuery.safeParse(request.query);
    if (!query.success) throw new AppError(codes.accessDenied, { status: 403 });
    const file = await uploads.open(query.data.file_id, { kind: 'staff' });
    return sendPrivateFile(reply, { ...file, disposition: file.kind === 'image' ? 'inline' : 'attachment' });
  });

  // A finished export, through the link excel_sign_check signed for this staff member.
  const linkQuery = z.object({
    task_id: z.string().min(1).max(64),
    expires: z.coerce.number().int().positive(),
    sig: z.string().min(1).max(128),
  });
  app.get(`/csmng${exportDownloadPath}`, { config: staffDomain }, async (request, reply) => {
    const staff = await staffOfCookie(app.db, request, 'tickets.export', now());
    const query = linkQuery.safeParse(request.query);
    if (!query.success) throw new AppError(codes.accessDenied, { status: 403 });
    const file = await exports.open(staff, query.data);
    return sendPrivateFile(reply, { ...file, contentType: xlsxType, disposition: 'attachment' });
  });
}
