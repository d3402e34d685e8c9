/**
 * Privacy calls (@gp/contracts/privacy): the member's status, export and deletion request on the passport host,
 * the staff's list, export, erase and cancel behind the `privacy` privilege. A member's login cancels a pending
 * deletion (the passport's login listeners). Handlers are one line.
 */
import type { FastifyInstance } from 'fastify';
import {
  privacyCancel,
  privacyDelete,
  privacyEraseNow,
  privacyExport,
  privacyRequestList,
  privacyStaffExport,
  privacyStatus,
} from '@gp/contracts/privacy';
import { memberOf, registerCall, staffOf } from '../../http/register-call.ts';
import { memberPasswordCheck } from '../accounts/index.ts';
import { PrivacyService } from './privacy.service.ts';

export async function privacyRoutes(app: FastifyInstance) {
  const privacy = new PrivacyService({
    db: app.db,
    now: app.now,
    graceDays: app.env.PRIVACY_DELETION_GRACE_DAYS,
    checkPassword: memberPasswordCheck({ db: app.db, env: app.env, now: app.now }),
  });
  app.memberLoginListeners.push((login) => privacy.cancelByLogin(login.mid));

  registerCall(app, privacyStatus, (_, ctx) => privacy.status(memberOf(ctx).mid));
  registerCall(app, privacyExport, (_, ctx) => privacy.exportOwn(memberOf(ctx).mid, ctx.lang));
  registerCall(app, privacyDelete, (input, ctx) =>
    privacy.requestDeletion(memberOf(ctx).mid, input.pwd, ctx.lang),
  );

  registerCall(app, privacyRequestList, (input) =>
    privacy.page({ kind: input.kind, state: input.state, mid: input.mid }, input.page_num, input.page_size),
  );
  registerCall(app, privacyEraseNow, (input, ctx) => privacy.eraseNow(staffOf(ctx), input.request_id));
  registerCall(app, privacyCancel, (input, ctx) => privacy.cancel(staffOf(ctx), input.request_id));
  registerCall(app, privacyStaffExport, (input, ctx) => privacy.exportFor(staffOf(ctx), input.mid, ctx.lang));
}
