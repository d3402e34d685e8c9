/**
 * FAQ entries for staff (`/csmng/komoe/mng/question/...`, spec 7 "Staff" FAQ), behind the `faq` privilege the
 * contracts declare. `title_match` is the ticket desk's (desk.contracts.ts). Handlers are one line.
 */
import type { FastifyInstance } from 'fastify';
import {
  faqAdminDelete,
  faqAdminDetailCall,
  faqAdminOnlineSwitch,
  faqAdminPage,
  faqAdminSave,
  questionTypeAdminList,
} from '@gp/contracts/catalog-admin';
import { registerCall, staffOf } from '../../http/register-call.ts';
import { FaqAdminService } from './faq-admin.service.ts';

export async function faqAdminRoutes(app: FastifyInstance) {
  const faq = new FaqAdminService({ db: app.db, now: app.now });

  registerCall(app, faqAdminPage, (input, ctx) => faq.page(input, ctx.lang));
  registerCall(app, faqAdminDetailCall, (input, ctx) => faq.detail(input.question_id, ctx.lang));
  registerCall(app, faqAdminSave, (input, ctx) => faq.save(staffOf(ctx), input, ctx.lang));
  registerCall(app, faqAdminOnlineSwitch, (input, ctx) => faq.switchOnline(staffOf(ctx), input, ctx.lang));
  registerCall(app, faqAdminDelete, (input, ctx) => faq.remove(staffOf(ctx), input.question_id));
  registerCall(app, questionTypeAdminList, (input, ctx) => faq.questionTypes(input, ctx.lang));
}
