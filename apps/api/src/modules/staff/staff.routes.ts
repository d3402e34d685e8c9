/**
 * Staff group (`/csmng/...`, spec 7 "Staff"): login, accounts and privileges, the audit log. Handlers are one
 * line; who may call what is declared in the contracts (`defineStaffCall`) and checked by the staff
 * authenticator before a handler runs; the rules live in the services.
 */
import type { FastifyInstance } from 'fastify';
import {
  auditPage,
  staffAccountAdd,
  staffAccountDelete,
  staffAccountDetail,
  staffAccountLimit,
  staffAccountList,
  staffAccountPassword,
  staffAccountSave,
  staffAccountUnseal,
  staffCaptcha,
  staffLogin,
  staffLoginCheck,
  staffLogout,
  staffLoginPasskey,
  staffLoginPasskeyOptions,
  staffLoginRecovery,
  staffLoginTotp,
  staffPasskeyAdd,
  staffPasskeyOptions,
  staffPasskeyRemove,
  staffReauth,
  staffReauthPasskeyOptions,
  staffRecoveryCodesNew,
  staffSecondFactorDetail,
  staffSecondFactorReset,
  staffTotpConfirm,
  staffTotpStart,
} from '@gp/contracts/staff';
import { registerCall, staffOf, type CallContext } from '../../http/register-call.ts';
import {
  createCaptchaService,
  createLockoutService,
  PasswordHasher,
  productionCost,
  testCost,
} from '../sessions/index.ts';
import { AuditService } from './audit.service.ts';
import { RecoveryCodeHmac } from './recovery-code.hmac.ts';
import { TotpSecretBox } from './totp-secret.box.ts';
import { StaffAccountService } from './staff-account.service.ts';
import { SecondFactorService, secondFactorPolicy, secondFactorCeremonies } from './second-factor.service.ts';
import {
  clearStaffCookies,
  clearStaffPendingCookie,
  setStaffCookies,
  setStaffPendingCookie,
  staffLoginClientOf,
  staffPendingIdOf,
  type OpenedStaffSession,
} from './staff-auth.ts';
import { StaffLoginService } from './staff-login.service.ts';
import { noticeLoginFailures } from './factor-notice.ts';

export async function staffRoutes(app: FastifyInstance) {
  const { now } = app;
  const hasher = new PasswordHasher(app.env.NODE_ENV === 'test' ? testCost : productionCost);
  const lockout = createLockoutService(app.db, { now, maxDelayMs: app.env.LOGIN_SLOWDOWN_MAX_MS });
  const captcha = createCaptchaService(app.db, { testAnswer: app.env.CAPTCHA_TEST_ANSWER, now });
  const secondFactor = new SecondFactorService({
    db: app.db,
    box: new TotpSecretBox(app.env.staffTotpKey),
    recoveryCodes: new RecoveryCodeHmac(app.env.staffTotpKey),
    hasher,
    lockout,
    webAuthn: secondFactorCeremonies(app.env.CS_ADMIN_ORIGIN),
    now,
  });
  // Before the first request: secrets stored in clear sealed, and a start with the wrong key stopped.
  app.addHook('onReady', async () => {
    const sealed = await secondFactor.sealStoredSecrets();
    if (sealed > 0) app.log.info({ sealed }, 'staff authenticator-app secrets sealed (STAFF_TOTP_KEY)');
  });
  const logins = new StaffLoginService({
    db: app.db,
    captcha,
    hasher,
    lockout,
    secondFactor,
    now,
    notifySoftLock: (account, lang) => noticeLoginFailures(app.db, account, now(), lang),
  });
  const accounts = new StaffAccountService({ db: app.db, hasher, lockout, now });
  const auditLog = new AuditService(app.db);

  registerCall(app, staffCaptcha, (_, ctx) => {
    ctx.reply.header('cache-control', 'no-store'); // every answer is a new captcha
    return logins.captcha();
  });
  // The session's cookies are HTTP, so they are set and cleared here; the service opens and ends the session.
  const login = async (input: Parameters<typeof logins.login>[0], ctx: CallContext) => {
    const result = await logins.login(input, { ...staffLoginClientOf(ctx.request), lang: ctx.lang });
    if ('secondStep' in result) {
      setStaffPendingCookie(ctx.reply, app.env, result.pendingId, secondFactorPolicy.pendingMs / 1000);
      return result.secondStep;
    }
    setStaffCookies(ctx.reply, app.env, result.session);
    return result.staff;
  };
  const secondStep = async <T>(
    ctx: CallContext,
    finish: (
      pendingId: string | undefined,
      client: ReturnType<typeof staffLoginClientOf>,
    ) => Promise<{
      staff: T;
      session: OpenedStaffSession;
    }>,
  ) => {
    const { staff, session } = await finish(staffPendingIdOf(ctx.request), staffLoginClientOf(ctx.request));
    clearStaffPendingCookie(ctx.reply, app.env);
    setStaffCookies(ctx.reply, app.env, session);
    return staff;
  };
  const logout = async (ctx: CallContext) => {
    await logins.logout(staffOf(ctx));
    clearStaffCookies(ctx.reply, app.env);
    return null;
  };
  registerCall(app, staffLogin, (input, ctx) => login(input, ctx));
  registerCall(app, staffLoginTotp, (input, ctx) =>
    secondStep(ctx, (id, client) => secondFactor.loginWithTotp(id, client, input.code)),
  );
  registerCall(app, staffLoginRecovery, (input, ctx) =>
    secondStep(ctx, (id, client) => secondFactor.loginWithRecoveryCode(id, client, input.code)),
  );
  registerCall(app, staffLoginPasskeyOptions, (_, ctx) =>
    secondFactor.loginPasskeyOptions(staffPendingIdOf(ctx.request)),
  );
  registerCall(app, staffLoginPasskey, (input, ctx) =>
    secondStep(ctx, (id, client) => secondFactor.loginWithPasskey(id, client, input.response)),
  );
  registerCall(app, staffLoginCheck, (_, ctx) => logins.check(staffOf(ctx)));
  registerCall(app, staffLogout, (_, ctx) => logout(ctx));
  registerCall(app, staffAccountPassword, (input, ctx) => logins.changePassword(staffOf(ctx), input));

  registerCall(app, staffSecondFactorDetail, (_, ctx) => secondFactor.detail(staffOf(ctx)));
  registerCall(app, staffReauthPasskeyOptions, (_, ctx) => secondFactor.reauthPasskeyOptions(staffOf(ctx)));
  registerCall(app, staffReauth, (input, ctx) => secondFactor.reauth(staffOf(ctx), input));
  registerCall(app, staffTotpStart, (_, ctx) => secondFactor.startTotp(staffOf(ctx)));
  registerCall(app, staffTotpConfirm, (input, ctx) =>
    secondFactor.confirmTotp(staffOf(ctx), input.code, ctx.lang),
  );
  registerCall(app, staffRecoveryCodesNew, (_, ctx) =>
    secondFactor.regenerateRecoveryCodes(staffOf(ctx), ctx.lang),
  );
  registerCall(app, staffPasskeyOptions, (_, ctx) => secondFactor.passkeyOptions(staffOf(ctx)));
  registerCall(app, staffPasskeyAdd, (input, ctx) => secondFactor.addPasskey(staffOf(ctx), input, ctx.lang));
  registerCall(app, staffPasskeyRemove, (input, ctx) =>
    secondFactor.removePasskey(staffOf(ctx), input.id, ctx.lang),
  );
  registerCall(app, staffSecondFactorReset, (input, ctx) =>
    secondFactor.reset(staffOf(ctx), input.account_id, ctx.lang),
  );

  registerCall(app, staffAccountDetail, (input, ctx) => accounts.detail(staffOf(ctx), input.account_id));
  registerCall(app, staffAccountList, (input) => accounts.page(input));
  registerCall(app, staffAccountAdd, (input, ctx) => accounts.add(staffOf(ctx), input));
  registerCall(app, staffAccountSave, (input, ctx) => accounts.save(staffOf(ctx), input));
  registerCall(app, staffAccountDelete, (input, ctx) => accounts.remove(staffOf(ctx), input.account_id));
  registerCall(app, staffAccountLimit, (input, ctx) => accounts.block(staffOf(ctx), input.account_id));
  registerCall(app, staffAccountUnseal, (input, ctx) => accounts.unseal(staffOf(ctx), input.account_id));

  registerCall(app, auditPage, (input) => auditLog.page(input));
}
