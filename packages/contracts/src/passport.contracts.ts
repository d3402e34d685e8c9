/**
 * Passport group (spec 7 "Passport"). Member calls carry the CSRF token `ct` (the value of the readable `joy_jct`
 * cookie); the client adds it to every member call, so request schemas do not declare it.
 */
import { z } from 'zod';
import { defineCall } from './define.ts';
import {
  accountLoginType,
  isAccountUser,
  providerOfChannel,
  socialChannels,
  type SocialProvider,
} from './passport-accounts.ts';
import { webauthnResponseText } from './webauthn.ts';

// Zod-free, so the browser's first screen can use them without zod (@gp/api-client/vite-plugin).
export { accountLoginType, isAccountUser, providerOfChannel, socialChannels, type SocialProvider };

export const userInfoData = z.object({
  mid: z.number().int(),
  user_id: z.string(),
  nick_name: z.string(),
  nickName: z.string(),
  loginType: z.number().int(),
  /** Masked contact details for the account page (`s***i@example.com`, `66*****678`); null when not bound. */
  bind_email: z.string().nullable().optional(),
  bind_tel: z.string().nullable().optional(),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const userInfo = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/user/info',
  auth: 'member',
  request: z.object({}),
  response: userInfoData,
});

export const userLogout = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/logout',
  auth: 'member',
  request: z.object({ changeBaseUrl: z.string().optional() }),
  response: z.null(),
});

// ---- Shared field rules (spec 5): the screens and the server check the same schemas ----

/** 6-16 half-width English letters or digits. */
export const passwordRule = z.string().regex(/^[A-Za-z0-9]{6,16}$/);
/** 3-16 letters (any script), digits or underscores: no spaces or special symbols. */
export const nicknameRule = z.string().regex(/^[\p{L}\p{M}\p{N}_]{3,16}$/u);
export const emailRule = z.email().max(254);
/** A phone number without its country code: digits only. */
export const phoneRule = z.string().regex(/^\d{5,15}$/);
/** A country calling code as the country list gives it (e.g. 66 for Thailand). */
export const countryCodeRule = z.coerce.number().int().min(1).max(9999);

// ---- Security helpers (spec 7 "Passport") ----

export const rsaPublic = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/rsa_public',
  auth: 'public',
  request: z.object({}),
  /**
   * Encrypt `<nonce>:<password>` with RSA-OAEP (SHA-256) under `public_key` (SPKI PEM) and send it base64; the
   * nonce works once and expires after `expires_in` seconds.
   */
  response: z.object({ public_key: z.string(), nonce: z.string(), expires_in: z.number().int() }),
});

export const imgCaptcha = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/captcha/img/captcha',
  auth: 'public',
  request: z.object({
    distribution_region: z.coerce.number().int().optional(),
    changeBaseUrl: z.string().optional(),
  }),
  /** `image` is an SVG data URL to show; `img_token` names this captcha in the verify call. */
  response: z.object({ img_token: z.string(), image: z.string(), expires_in: z.number().int() }),
});

/**
 * What a solved captcha's ticket is for: a ticket solved for one action is refused by the calls of every other.
 * `login` the logins; `register` and `reset` the public code sends of that purpose; `account` the
 * member's own code sends (binding, password change).
 */
export const captchaAction = z.enum(['login', 'register', 'reset', 'account']);
export type CaptchaAction = z.infer<typeof captchaAction>;

const captchaAnswer = z.object({
  img_token: z.string().min(1).max(200),
  captcha: z.string().trim().min(1).max(12),
  /** Spec 7 sends no action: such a ticket is for a login (spec 5: the captcha is required at login). */
  action: captchaAction.default('login'),
});
/** A solved captcha turns into a one-time `ticket`, sent as `captcha` by the call that needs one. */
const captchaTicket = z.object({ ticket: z.string(), expires_in: z.number().int() });

export const verifyCaptcha = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/captcha/verify/captcha',
  auth: 'public',
  request: captchaAnswer,
  response: captchaTicket,
});

/** The same check under the regional path of spec 7. */
export const verifyCaptchaKomoe = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/komoe/web/captcha/verify/captcha',
  auth: 'public',
  request: captchaAnswer,
  response: captchaTicket,
});

export const country = z.object({
  /** Calling code, sent back as `cid`. */
  cid: z.number().int(),
  /** ISO 3166-1 alpha-2. */
  code: z.string().length(2),
  /** In the page language. */
  name: z.string(),
});
export type Country = z.infer<typeof country>;

export const countryList = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/common/countryList',
  auth: 'public',
  request: z.object({}),
  response: z.array(country),
});

// ---- Registration and login (spec 7 "Passport") ----

/**
 * A password field as it travels: base64 RSA-OAEP ciphertext of `<nonce>:<password>` (see rsaPublic). The
 * screens check `passwordRule` on the clear text before they encrypt; the server checks it again after.
 */
export const sealedPassword = z.string().min(1).max(1024);

export const codePurpose = z.enum(['register', 'reset', 'bind']);

export const captchaGenericSend = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/captcha/generic/send',
  auth: 'public',
  /** Sends an e-mail code; `captcha` is the ticket of a solved graphic captcha. */
  request: z.object({ user: emailRule, type: codePurpose, captcha: z.string().min(1) }),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
});

export const regEmail = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/reg/email',
  auth: 'public',
  /** `captcha` is the 6-digit code of the e-mail. */
  request: z.object({
    user: emailRule,
    pwd: sealedPassword,
    rePwd: sealedPassword,
    captcha: z.string().trim().max(12).optional(),
  }),
  response: z.object({ mid: z.number().int(), nickName: z.string() }),
});

const loginFields = {
  /** An e-mail, or a phone number with its country code (digits only, e.g. 66812345678). */
  user: z.string().trim().min(3).max(254),
  pwd: sealedPassword,
  /** The ticket of a solved graphic captcha. */
  captcha: z.string().min(1),
};

export const webLogin = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/login',
  auth: 'public',
  request: z.object({ ...loginFields, changeBaseUrl: z.string().optional() }),
  response: userInfoData,
});

export const gameLogin = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/game/login',
  auth: 'public',
  request: z.object({
    ...loginFields,
    /** 1: stay logged in for 30 days; otherwise until the browser closes (at most a day). */
    keep: z.coerce.number().int().min(0).max(1).default(0),
    gourl: z.string().max(2048).optional(),
  }),
  /** `gourl` is where to go next: the one asked for when it is one of our hosts, else the main home. */
  response: userInfoData.extend({ gourl: z.string() }),
});

export const gameLoginLogout = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/game/login/logout',
  auth: 'member',
  request: z.object({}),
  response: z.null(),
});

// ---- Password reset by e-mail link (spec 4 "Password reset by e-mail") ----

export const emailType = z.enum(['reset']);

export const emailMailSend = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/email/gk/mail.send',
  auth: 'public',
  /** `captcha` is the answer typed for the graphic captcha `img_token`. `pwd` belongs to other e-mail types. */
  request: z.object({
    email: emailRule,
    email_type: emailType,
    captcha: z.string().trim().min(1).max(12),
    img_token: z.string().min(1).max(200),
    pwd: z.string().optional(),
    distribution_region: z.coerce.number().int().optional(),
    changeBaseUrl: z.string().optional(),
  }),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
});

export const emailMailCheck = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/email/mail.check',
  auth: 'public',
  /** Called by the page the e-mail's link opens: confirms that the member holds the inbox. */
  request: z.object({ email_ticket: z.string().min(1).max(200), email: emailRule, email_type: emailType }),
  response: z.object({ confirmed: z.literal(true) }),
});

export const emailResetEmail = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/email/reset.email',
  auth: 'public',
  request: z.object({
    email_ticket: z.string().min(1).max(200),
    pwd: sealedPassword,
    re_pwd: sealedPassword,
  }),
  response: z.null(),
});

// ---- Account settings (spec 7 "Passport", account-type members) ----

export const emailChangePassword = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/email/change.password',
  auth: 'member',
  /** Change with the old password. `access_key` is the session's CSRF token (the `ct` the client sends anyway). */
  request: z.object({
    access_key: z.string().optional(),
    old_pwd: sealedPassword,
    new_pwd: sealedPassword,
    re_pwd: sealedPassword,
    changeBaseUrl: z.string().optional(),
  }),
  response: z.null(),
});

// ---- Registration and reset by phone (spec 7 "Passport") ----

const phoneFields = { cid: countryCodeRule, tel: phoneRule };

export const smsGenericSend = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/sms/generic/send',
  auth: 'public',
  /** `captcha` is the ticket of a solved graphic captcha. */
  request: z.object({ ...phoneFields, type: codePurpose, captcha: z.string().min(1) }),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
});

export const smsGenericCheck = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/sms/generic/check',
  auth: 'public',
  /** Checks the code without using it (the form's check step); the registration or reset uses it. */
  request: z.object({ ...phoneFields, code: z.string().trim().max(12).optional(), type: codePurpose }),
  response: z.object({ valid: z.literal(true) }),
});

export const regByTel = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/reg/by/tel',
  auth: 'public',
  request: z.object({
    ...phoneFields,
    code: z.string().trim().max(12).optional(),
    /** Checked on the server (spec 5: 3-16, no forbidden words or symbols) to answer -606..-613 precisely. */
    nickName: z.string().max(64).optional(),
    pwd: sealedPassword,
    repeatPwd: sealedPassword,
  }),
  response: z.object({ mid: z.number().int(), nickName: z.string() }),
});

export const resetPwd = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/reset/pwd',
  auth: 'public',
  /** By phone: cid + tel + code (SMS). By e-mail: user + captcha (the e-mail code). */
  request: z.union([
    z.object({
      ...phoneFields,
      code: z.string().trim().max(12).optional(),
      pwd: sealedPassword,
      repeatPwd: sealedPassword,
    }),
    z.object({
      user: emailRule,
      captcha: z.string().trim().max(12).optional(),
      pwd: sealedPassword,
      rePwd: sealedPassword,
    }),
  ]),
  response: z.null(),
});

// ---- Binding an e-mail or a phone to an account (spec 7 "Passport", account settings) ----

export const bindType = z.enum(['bind', 'old']);

export const captchaAuthSend = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/captcha/auth/send',
  auth: 'member',
  /** Sends a code to the e-mail `user` that the member wants to bind; `captcha` is a solved-captcha ticket. */
  request: z.object({ user: emailRule, type: bindType.default('bind'), captcha: z.string().min(1) }),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
});

export const captchaAuthCheck = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/captcha/auth/check',
  auth: 'member',
  /** Checks (without using) the code sent by captchaAuthSend to `user`. */
  request: z.object({ captcha: z.string().trim().max(12).optional(), user: emailRule }),
  response: z.object({ valid: z.literal(true) }),
});

export const userEmailBind = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/email/bind',
  auth: 'member',
  /**
   * `captcha`: the code sent to `user`. Our additions (a contact change needs a proof of the owner, and the
   * spec's call has no field for it): `pwd`, the current password sealed like a login's, and `oldCaptcha`, the code
   * sent to the e-mail bound now (captchaAuthSend type `old`) when there is one. Optional in the schema so a call
   * with only the spec's fields gets the named refusal (-600, 510014), not a malformed-request answer. Instead of `pwd`,
   * `passkey`: the JSON of one of the member's passkeys answering `userPasskeyProofOptions` (-720 otherwise).
   */
  request: z.object({
    user: emailRule,
    captcha: z.string().trim().max(12).optional(),
    pwd: sealedPassword.optional(),
    passkey: webauthnResponseText.optional(),
    oldCaptcha: z.string().trim().max(12).optional(),
  }),
  response: userInfoData,
});

export const smsSend = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/sms/send',
  auth: 'member',
  /** `type` bind: a code to the new number; old: a code to the number bound now (needed to change it). */
  request: z.object({ ...phoneFields, type: bindType, captcha: z.string().min(1) }),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
});

export const smsCheck = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/sms/check',
  auth: 'member',
  request: z.object({ ...phoneFields, type: bindType, code: z.string().trim().max(12).optional() }),
  response: z.object({ valid: z.literal(true) }),
});

export const userHandleTel = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/handle/tel',
  auth: 'member',
  /**
   * Binds or changes the phone: `code` from the new number, and `oldCode` from the old one when changing. Our
   * addition, since a contact change needs a proof of the owner: `pwd`, the current password sealed like a
   * login's, or `passkey` as for `userEmailBind`; without either -600.
   */
  request: z.object({
    ...phoneFields,
    code: z.string().trim().max(12).optional(),
    oldCode: z.string().trim().max(12).optional(),
    pwd: sealedPassword.optional(),
    passkey: webauthnResponseText.optional(),
  }),
  response: userInfoData,
});

// ---- The member's sessions (our addition): the account page's list, and signing out one or all others ----

export const memberSessionData = z.object({
  /** Names the session in the calls below; not its cookie, which only the browser holding it knows. */
  id: z.string(),
  /** From the user agent: product names, null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  mobile: z.boolean(),
  /** The client address that opened it, masked (`203.0.*.*`); no GeoIP database, so no country. */
  ip_masked: z.string().nullable(),
  created_at: z.string(),
  last_seen: z.string(),
  /** The session this call came from. */
  current: z.boolean(),
});
export type MemberSessionData = z.infer<typeof memberSessionData>;

export const userSessions = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/user/sessions',
  auth: 'member',
  request: z.object({}),
  /** Live sessions, most recently used first. */
  response: z.object({ list: z.array(memberSessionData) }),
});

export const userSessionEnd = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/sessions/end',
  auth: 'member',
  /** Ends one of the member's sessions; another member's (or an ended one) answers -404. */
  request: z.object({ id: z.string().min(1).max(128) }),
  response: z.null(),
});

export const userSessionsEndOthers = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/sessions/end_others',
  auth: 'member',
  /** "Sign out everywhere else": every session of the member but this one. */
  request: z.object({}),
  response: z.null(),
});

export const userChangePwd = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/change/pwd',
  auth: 'member',
  /**
   * `code`: the SMS code sent to the bound phone with smsSend type `old`. `oldPwd` may be left out by a member
   * who has forgotten it: the code to the bound phone then proves the owner alone.
   */
  request: z.object({
    code: z.string().trim().max(12).optional(),
    oldPwd: sealedPassword.optional(),
    pwd: sealedPassword,
    repeatPwd: sealedPassword,
  }),
  response: z.null(),
});

export const userPwdUpdate = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/pwd/update',
  auth: 'member',
  /**
   * `captcha`: the e-mail code sent to the bound address with captchaAuthSend type `old`. `oldPwd` may be left
   * out by a member who has forgotten it: the code to the bound address then proves the owner alone.
   */
  request: z.object({
    captcha: z.string().trim().max(12).optional(),
    pwd: sealedPassword,
    rePwd: sealedPassword,
    oldPwd: sealedPassword.optional(),
  }),
  response: z.null(),
});

export const resetEmailCheck = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/reset/email/check',
  auth: 'public',
  /** Checks (without using) the reset code sent to `user` by captchaGenericSend type `reset`. */
  request: z.object({ user: emailRule, captcha: z.string().trim().max(12).optional() }),
  response: z.object({ valid: z.literal(true) }),
});

// ---- Social login (spec 7 "Passport"; DESIGN section 6): OpenID Connect behind the OAuth-style calls ----

const channelType = z.coerce
  .number()
  .int()
  .refine((v) => Object.values(socialChannels).includes(v as never));

export const requestToken = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/game/request/token',
  auth: 'public',
  /**
   * Starts a sign-in with the provider of `channel_type`. `oauth_callback` is where the provider sends the player
   * back: the passport host's `/apple_return_url`, nothing else.
   */
  request: z.object({ channel_type: channelType, oauth_callback: z.url().max(2048) }),
  /** Send the player to `authorize_url`; `oauth_token` comes back as the `state` of the return URL. */
  response: z.object({ oauth_token: z.string(), authorize_url: z.string(), expires_in: z.number().int() }),
});

export const accessToken = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/game/access/token',
  auth: 'public',
  /** `oauth_verifier`: the query string the provider put on the return URL (code, state, ...), unchanged. */
  request: z.object({
    channel_type: channelType,
    oauth_token: z.string().min(1).max(200),
    oauth_verifier: z.string().min(1).max(4096),
  }),
  /** `access_key` proves the sign-in once, within `expires_in` seconds, to gameLoginSns. */
  response: z.object({ access_key: z.string(), expires_in: z.number().int() }),
});

export const gameLoginSns = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/game/login/sns',
  auth: 'public',
  /** `type` 1: sign in (or sign up on first visit) with the third-party account. */
  request: z.object({
    channel_type: channelType,
    type: z.coerce.number().int().min(1).max(1).default(1),
    access_key: z.string().min(1).max(200),
    gourl: z.string().max(2048).optional(),
    changeBaseUrl: z.string().optional(),
  }),
  response: userInfoData.extend({ gourl: z.string() }),
});

export const loginOauthCookie = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/login/oauth/cookie',
  auth: 'member',
  request: z.object({}),
  /** Spec 3 "Oauth info": how the session's member signed up, 0 = account. */
  response: z.object({ channel_type: z.number().int() }),
});

/** The password key for `/web/login` and `/web/game/login`: the same one-time sealing key as rsaPublic. */
export const webLoginGetKey = defineCall({ ...rsaPublic, path: '/web/login/get_key' });
export const gameLoginGetKey = defineCall({ ...rsaPublic, path: '/web/game/login/get_key' });
