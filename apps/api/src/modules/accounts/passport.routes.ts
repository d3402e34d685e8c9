import type { FastifyInstance } from 'fastify';
import {
  resetEmailCheck,
  userChangePwd,
  userPwdUpdate,
  captchaAuthCheck,
  captchaAuthSend,
  smsCheck,
  smsSend,
  userEmailBind,
  userHandleTel,
  regByTel,
  resetPwd,
  smsGenericCheck,
  smsGenericSend,
  captchaGenericSend,
  emailChangePassword,
  emailMailCheck,
  emailMailSend,
  emailResetEmail,
  countryList,
  gameLogin,
  gameLoginLogout,
  regEmail,
  webLogin,
  imgCaptcha,
  rsaPublic,
  userInfo,
  userLogout,
  verifyCaptcha,
  verifyCaptchaKomoe,
  accessToken,
  gameLoginGetKey,
  gameLoginSns,
  loginOauthCookie,
  requestToken,
  webLoginGetKey,
  userSessionEnd,
  userSessions,
  userSessionsEndOthers,
} from '@gp/contracts/passport';
import { clientAddress } from '../../http/client-address.ts';
import { memberOf, registerCall, type CallContext } from '../../http/register-call.ts';
import {
  clearSessionCookies,
  loginBrowserOf,
  loginClientOf,
  setDeviceCookie,
  setSessionCookies,
  type OpenedSession,
} from './member-auth.ts';
import { hashSessionId, newToken } from '../sessions/index.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { safeRedirect } from '@gp/config/navigation-rules';
import { AccountService, userInfoOf } from './account.service.ts';
import { CaptchaRepository, CaptchaService } from '../sessions/index.ts';
import { LockoutRepository } from '../sessions/index.ts';
import { LockoutService } from '../sessions/index.ts';
import { RegistrationLimit } from './registration-limit.ts';
import { MemberRepository } from './member.repository.ts';
import { PasswordHasher, productionCost, testCost } from '../sessions/index.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { VerificationCodeService, type SmsGuards } from './verification-code.service.ts';
import { SmsStatusService } from './sms-status.service.ts';
import { smsAdminStatus } from '@gp/contracts/sms-admin';
import { countryList as countries } from './countries.ts';
import { RsaService } from './rsa.service.ts';
import { SecurityRepository } from './security.repository.ts';
import { SessionRepository } from './session.repository.ts';
import { SocialRepository } from './social.repository.ts';
import { appleFormPostPath, SocialService } from './social.service.ts';
import {
  passkeyLogin,
  passkeyLoginOptions,
  userPasskeyAdd,
  userPasskeyOptions,
  userPasskeyProofOptions,
  userPasskeyRemove,
  userPasskeyRename,
  userPasskeys,
} from '@gp/contracts/passkeys';
import { memberPasswordCheck } from './member-password.ts';
import { PasskeyService, passkeyCeremonies } from './passkey.service.ts';

export async function passportRoutes(app: FastifyInstance) {
  const { now } = app;
  const sessions = new SessionRepository(app.db);
  const security = new SecurityRepository(app.db);
  const captcha = new CaptchaService(new CaptchaRepository(app.db), {
    testAnswer: app.env.CAPTCHA_TEST_ANSWER,
    now,
  });
  const rsa = new RsaService(security, { privateKeyPem: app.env.RSA_PRIVATE_KEY, now });

  const smsGuards: SmsGuards = {
    perNumberPerDay: app.env.SMS_PER_NUMBER_PER_DAY,
    perAddressPerDay: app.env.SMS_PER_ADDRESS_PER_DAY,
    perPrefixPerDay: app.env.SMS_PER_PREFIX_PER_DAY,
    dailyBudget: app.env.SMS_DAILY_BUDGET,
  };
  const codes = new VerificationCodeService(
    app.db,
    () => security.putSecretOnce('code-pepper', newToken(32)),
    { perIpPerHour: app.env.CODES_PER_IP_PER_HOUR, sms: smsGuards, now },
  );
  const members = new MemberRepository(app.db);
  const hasher = new PasswordHasher(app.env.NODE_ENV === 'test' ? testCost : productionCost);
  const lockout = new LockoutService(new LockoutRepository(app.db), {
    now,
    maxDelayMs: app.env.LOGIN_SLOWDOWN_MAX_MS,
  });
  const registrations = new RegistrationLimit(new LockoutRepository(app.db), {
    perHour: app.env.REGISTRATIONS_PER_HOUR,
    perDay: app.env.REGISTRATIONS_PER_DAY,
    now,
  });
  const accountSecurity = new AccountSecurityService({
    db: app.db,
    now,
    passportOrigin: app.env.PASSPORT_ORIGIN,
    portalOrigin: app.env.PORTAL_ORIGIN,
  });
  const passkeys = new PasskeyService({
    db: app.db,
    members,
    sessions,
    lockout,
    passwordCheck: memberPasswordCheck({ db: app.db, env: app.env, now }),
    webAuthn: passkeyCeremonies(app.env.PASSPORT_ORIGIN),
    now,
  });
  const resets = new PasswordResetService({
    db: app.db,
    members,
    sessions,
    captcha,
    rsa,
    hasher,
    lockout,
    passportOrigin: app.env.PASSPORT_ORIGIN,
    now,
  });
  const accounts = new AccountService({
    security: accountSecurity,
    passkeyProof: (mid, response) => passkeys.requireProof(mid, response),
    members,
    sessions,
    rsa,
    captcha,
    codes,
    hasher,
    lockout,
    registrations,
    voidResetLinks: (member) => resets.voidLinksOf(member),
    counters: new LockoutRepository(app.db),
    now,
  });
  const smsStatus = new SmsStatusService(new LockoutRepository(app.db), smsGuards, now);
  registerCall(app, smsAdminStatus, () => smsStatus.today());
  const home = `${app.env.PORTAL_ORIGIN.replace(/\/$/, '')}/`;

  const sealingKey = (ctx: CallContext) => {
    // Every answer carries a one-time nonce: a cached copy would hand out a spent one.
    ctx.reply.header('cache-control', 'no-store');
    return rsa.publicKey();
  };
  registerCall(app, rsaPublic, (_, ctx) => sealingKey(ctx));
  registerCall(app, webLoginGetKey, (_, ctx) => sealingKey(ctx));
  registerCall(app, gameLoginGetKey, (_, ctx) => sealingKey(ctx));
  registerCall(app, imgCaptcha, () => captcha.create());
  registerCall(app, verifyCaptcha, (input) => captcha.verify(input.img_token, input.captcha, input.action));
  registerCall(app, verifyCaptchaKomoe, (input) =>
    captcha.verify(input.img_token, input.captcha, input.action),
  );
  registerCall(app, countryList, (_, ctx) => countries(ctx.lang === 'ja' ? 'en' : ctx.lang));

  registerCall(app, captchaGenericSend, (input, ctx) =>
    accounts.sendEmailCode({
      email: input.user,
      purpose: input.type,
      ticket: input.captcha,
      ip: clientAddress(ctx.request),
      lang: ctx.lang,
    }),
  );
  registerCall(app, regEmail, (input, ctx) =>
    accounts.registerByEmail({
      email: input.user,
      pwd: input.pwd,
      rePwd: input.rePwd,
      code: input.captcha,
      lang: ctx.lang,
      ip: clientAddress(ctx.request),
    }),
  );
  /**
   * A login's answer: the new session's cookies on the reply, the member in the body. Every kind of login comes
   * through here, so each session gets its browser for the session list, a browser new to the member gets the
   * new-device notice, and other modules do what they do at a login (login-listeners.ts).
   */
  const signedIn = async <T extends { mid: number }>(
    ctx: CallContext,
    login: Promise<{ user: T; session: OpenedSession }>,
  ) => {
    const { user, session } = await login;
    const browser = loginBrowserOf(ctx.request);
    await sessions.describe(hashSessionId(session.id), browser);
    const member = await members.byMid(user.mid);
    if (member) setDeviceCookie(ctx.reply, app.env, await accountSecurity.loginSeen(member, browser), now());
    setSessionCookies(ctx.reply, app.env, session);
    for (const listener of app.memberLoginListeners) await listener({ mid: user.mid, lang: ctx.lang });
    return user;
  };
  registerCall(app, webLogin, (input, ctx) =>
    signedIn(
      ctx,
      accounts.login(
        'web',
        { user: input.user, pwd: input.pwd, ticket: input.captcha, keep: false },
        loginClientOf(ctx.request),
      ),
    ),
  );
  registerCall(app, gameLogin, async (input, ctx) => {
    const user = await signedIn(
      ctx,
      accounts.login(
        'game',
        { user: input.user, pwd: input.pwd, ticket: input.captcha, keep: input.keep === 1 },
        loginClientOf(ctx.request),
      ),
    );
    return { ...user, gourl: safeRedirect(input.gourl, app.env.appOrigins, home, home) };
  });
  registerCall(app, emailMailSend, (input, ctx) =>
    resets.sendLink({ email: input.email, imgToken: input.img_token, answer: input.captcha, lang: ctx.lang }),
  );
  registerCall(app, emailMailCheck, (input) =>
    resets.confirm({ ticket: input.email_ticket, email: input.email }),
  );
  registerCall(app, emailResetEmail, (input) =>
    resets.reset({ ticket: input.email_ticket, pwd: input.pwd, rePwd: input.re_pwd }),
  );
  registerCall(app, smsGenericSend, (input, ctx) =>
    accounts.sendSmsCode({
      cid: input.cid,
      tel: input.tel,
      purpose: input.type,
      ticket: input.captcha,
      ip: clientAddress(ctx.request),
      lang: ctx.lang,
    }),
  );
  registerCall(app, smsGenericCheck, (input) =>
    accounts.checkSmsCode({ cid: input.cid, tel: input.tel, code: input.code, purpose: input.type }),
  );
  registerCall(app, regByTel, (input, ctx) =>
    accounts.registerByPhone({ ...input, lang: ctx.lang, ip: clientAddress(ctx.request) }),
  );
  registerCall(app, resetPwd, (input) =>
    'cid' in input
      ? accounts.resetWithCode({
          cid: input.cid,
          tel: input.tel,
          code: input.code,
          pwd: input.pwd,
          again: input.repeatPwd,
        })
      : accounts.resetWithCode({
          email: input.user,
          code: input.captcha,
          pwd: input.pwd,
          again: input.rePwd,
        }),
  );
  const midOf = (ctx: CallContext) => memberOf(ctx).mid;
  registerCall(app, captchaAuthSend, (input, ctx) =>
    accounts.sendBindEmailCode(midOf(ctx), {
      email: input.user,
      type: input.type,
      ticket: input.captcha,
      ip: clientAddress(ctx.request),
      lang: ctx.lang,
    }),
  );
  registerCall(app, captchaAuthCheck, (input, ctx) =>
    accounts.checkBindEmailCode(midOf(ctx), { email: input.user, code: input.captcha }),
  );
  registerCall(app, userEmailBind, (input, ctx) =>
    accounts.bindEmail(memberOf(ctx), {
      email: input.user,
      code: input.captcha,
      pwd: input.pwd,
      passkey: input.passkey,
      oldCode: input.oldCaptcha,
    }),
  );
  registerCall(app, smsSend, (input, ctx) =>
    accounts.sendPhoneCode(midOf(ctx), {
      ...input,
      ticket: input.captcha,
      ip: clientAddress(ctx.request),
      lang: ctx.lang,
    }),
  );
  registerCall(app, smsCheck, (input, ctx) => accounts.checkPhoneCode(midOf(ctx), input));
  registerCall(app, userHandleTel, (input, ctx) => accounts.handleTel(memberOf(ctx), input));
  registerCall(app, userSessions, (_, ctx) => accountSecurity.listSessions(memberOf(ctx)));
  registerCall(app, userSessionEnd, (input, ctx) => accountSecurity.endSession(memberOf(ctx), input.id));
  registerCall(app, userSessionsEndOthers, (_, ctx) => accountSecurity.endOtherSessions(memberOf(ctx)));
  registerCall(app, userChangePwd, (input, ctx) =>
    accounts.changePassword(memberOf(ctx), {
      old: input.oldPwd,
      next: input.pwd,
      again: input.repeatPwd,
      code: { channel: 'sms', value: input.code },
    }),
  );
  registerCall(app, userPwdUpdate, (input, ctx) =>
    accounts.changePassword(memberOf(ctx), {
      old: input.oldPwd,
      next: input.pwd,
      again: input.rePwd,
      code: { channel: 'email', value: input.captcha },
    }),
  );
  registerCall(app, resetEmailCheck, (input) => accounts.checkResetEmailCode(input.user, input.captcha));
  registerCall(app, userInfo, async (_, ctx) => {
    const m = memberOf(ctx);
    return userInfoOf((await members.byMid(m.mid)) ?? m);
  });
  registerCall(app, emailChangePassword, (input, ctx) =>
    accounts.changePassword(memberOf(ctx), { old: input.old_pwd, next: input.new_pwd, again: input.re_pwd }),
  );
  const logout = async (ctx: CallContext) => {
    await sessions.revoke(memberOf(ctx).sessionIdHash, now());
    clearSessionCookies(ctx.reply, app.env);
    return null;
  };
  registerCall(app, userLogout, (_, ctx) => logout(ctx));

  const social = new SocialService({
    repo: new SocialRepository(app.db),
    members,
    sessions,
    registrations,
    env: app.env,
    providers: app.socialProviders,
    log: app.log,
    now,
  });
  registerCall(app, requestToken, (input, ctx) =>
    social.requestToken({ channel: input.channel_type, callback: input.oauth_callback, lang: ctx.lang }),
  );
  // Apple's form_post answer (a cross-site POST: see SocialService.appleFormPost for what checks it).
  app.post(appleFormPostPath, async (request, reply) => {
    const form = request.body && typeof request.body === 'object' ? request.body : {};
    return reply
      .header('cache-control', 'no-store')
      .redirect(await social.appleFormPost(form as Record<string, unknown>), 303);
  });
  registerCall(app, accessToken, (input) =>
    social.accessToken({
      channel: input.channel_type,
      token: input.oauth_token,
      verifier: input.oauth_verifier,
    }),
  );
  registerCall(app, gameLoginSns, async (input, ctx) => ({
    ...(await signedIn(
      ctx,
      social.login(
        { channel: input.channel_type, accessKey: input.access_key, lang: ctx.lang },
        loginClientOf(ctx.request),
      ),
    )),
    gourl: safeRedirect(input.gourl, app.env.appOrigins, home, home),
  }));
  // Members' passkeys: passkey.service.ts.
  registerCall(app, userPasskeys, (_, ctx) => passkeys.list(midOf(ctx)));
  registerCall(app, userPasskeyOptions, (input, ctx) => passkeys.registrationOptions(midOf(ctx), input.pwd));
  registerCall(app, userPasskeyAdd, (input, ctx) => passkeys.add(midOf(ctx), input));
  registerCall(app, userPasskeyRename, (input, ctx) => passkeys.rename(midOf(ctx), input.id, input.name));
  registerCall(app, userPasskeyProofOptions, (_, ctx) => passkeys.proofOptions(midOf(ctx)));
  registerCall(app, userPasskeyRemove, (input, ctx) => passkeys.remove(midOf(ctx), input));
  registerCall(app, passkeyLoginOptions, () => passkeys.loginOptions());
  registerCall(app, passkeyLogin, async (input, ctx) => ({
    ...(await signedIn(ctx, passkeys.login(input.response, input.keep === 1, loginClientOf(ctx.request)))),
    gourl: safeRedirect(input.gourl, app.env.appOrigins, home, home),
  }));
  registerCall(app, loginOauthCookie, (_, ctx) => ({ channel_type: memberOf(ctx).loginType }));
  registerCall(app, gameLoginLogout, (_, ctx) => logout(ctx));
}
