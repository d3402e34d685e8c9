/**
 * Privacy calls (@gp/contracts/privacy): the member's status, proof of the owner (code, confirm), export and
 * deletion request on the passport host, the staff's list, export, open, erase and cancel behind the `privacy`
 * privilege. A member's login cancels a pending
 * deletion (the passport's login listeners). Handlers are one line.
 */
import type { FastifyInstance } from 'fastify';
import {
  privacyCancel,
  privacyCodeSend,
  privacyConfirm,
  privacyDelete,
  privacyEraseNow,
  privacyExport,
  privacyOpenDeletion,
  privacyRequestList,
  privacyStaffExport,
  privacyStatus,
} from '@gp/contracts/privacy';
import { clientAddress } from '../../http/client-address.ts';
import { memberOf, registerCall, staffOf } from '../../http/register-call.ts';
import { memberProof } from '../accounts/index.ts';
import { PrivacyService } from './privacy.service.ts';

export async function privacyRoutes(app: FastifyInstance) {
  const privacy = new PrivacyService({
    db: app.db,
    now: app.now,
    graceDays: app.env.PRIVACY_DELETION_GRACE_DAYS,
    proof: memberProof({ db: app.db, env: app.env, now: app.now }),
  });
  app.memberLoginListeners.push((login) => privacy.cancelByLogin(login.mid));

  registerCall(app, privacyStatus, (_, ctx) =>
    privacy.status(memberOf(ctx).mid, memberOf(ctx).sessionIdHash),
  );
  registerCall(app, privacyExport, (_, ctx) => privacy.exportOwn(memberOf(ctx), ctx.lang));
  registerCall(app, privacyCodeSend, (_, ctx) =>
    privacy.sendCode(memberOf(ctx).mid, { ip: clientAddress(ctx.request), lang: ctx.lang }),
  );
  registerCall(app, privacyConfirm, (input, ctx) => privacy.confirmOwner(memberOf(ctx), input));
  registerCall(app, privacyDelete, (input, ctx) =>
    privacy.requestDeletion(memberOf(ctx).mid, input, ctx.lang),
  );

  registerCall(app, privacyRequestList, (input) =>
    privacy.page({ kind: input.kind, state: input.state, mid: input.mid }, input.page_num, input.page_size),
  );
  registerCall(app, privacyEraseNow, (input, ctx) => privacy.eraseNow(staffOf(ctx), input.request_id));
  registerCall(app, privacyCancel, (input, ctx) => privacy.cancel(staffOf(ctx), input.request_id));
  registerCall(app, privacyOpenDeletion, (input, ctx) => privacy.openDeletion(staffOf(ctx), input));
  registerCall(app, privacyStaffExport, (input, ctx) => privacy.exportFor(staffOf(ctx), input.mid, ctx.lang));
}
