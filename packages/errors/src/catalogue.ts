/**
 * The error catalogue (spec section 8, design section 4): every answer code maps to a message key, a dotted path
 * into the i18n namespace `messageNamespace` names (packages/i18n/locales/<lang>/errors.json, or
 * staff-errors.json for the staff domain). The same number can mean different things
 * on different hosts (e.g. -704 is "SMS code wrong" on passport but "phone format" on customer service), so the
 * catalogue is keyed by (domain, code). The UI shows the translated text for the key, never the server's free
 * text, and code branches on `codes.*`, never on message text.
 */

export const errorDomains = ['common', 'passport', 'service', 'pay', 'staff'] as const;
export type ErrorDomain = (typeof errorDomains)[number];

/** The API host groups of packages/contracts (kept here as a literal so this package depends on nothing). */
export const callGroups = ['web', 'passport', 'pay', 'cs', 'csmng', 'upload'] as const;
export type CallGroup = (typeof callGroups)[number];

/**
 * Codes shared by every host. A domain lookup that misses falls back to these.
 * -404 ("not found") and -113 ("sent from another site") are our own additions; the rest are from spec
 * section 8.
 */
const commonCodes = {
  0: 'common.success',
  [-101]: 'common.notLoggedIn',
  [-400]: 'common.badRequest',
  [-500]: 'common.serverError',
  [-404]: 'common.notFound',
  [-110]: 'common.csrfFailed',
  [-111]: 'common.cannotOperate',
  [-112]: 'common.illegalRequest',
  // Our addition: a state-changing call sent from another site (or marked cross-site by the browser).
  [-113]: 'common.crossSite',
  [-401]: 'common.accessDenied',
  800000: 'common.tooFrequent',
  800035: 'common.tooFrequent',
  [-301]: 'common.tooFrequent',
  // -102 is "too frequent" but also "disabled": a distinct key so the text can say both.
  [-102]: 'common.tooFrequentOrDisabled',
  [-1000]: 'common.systemUpgrade',
} as const;

/** Account host (passport): login, sign-up, password, e-mail, phone and SMS. */
const passportCodes = {
  500002: 'passport.wrongCredentials',
  [-103]: 'passport.wrongCredentials',
  [-645]: 'passport.wrongCredentials',
  [-646]: 'passport.wrongCredentials',
  500003: 'passport.accountNotFound',
  [-104]: 'passport.accountNotFound',
  [-641]: 'passport.accountNotFound',
  500004: 'passport.tooManyLogins',
  [-647]: 'passport.tooManyLogins',
  500006: 'passport.passwordRule',
  [-601]: 'passport.passwordRule',
  [-602]: 'passport.passwordRule',
  510000: 'passport.emailRegistered',
  510001: 'passport.emailFormat',
  510002: 'passport.emailCodeTooSoon',
  510003: 'passport.emailDailyLimit',
  510004: 'passport.emailCodeEmpty',
  510005: 'passport.emailCodeExpired',
  510006: 'passport.emailCodeWrong',
  510007: 'passport.emailUnsupported',
  510008: 'passport.oldPasswordWrong',
  [-604]: 'passport.oldPasswordWrong',
  510009: 'passport.newPasswordSameAsOld',
  [-605]: 'passport.newPasswordSameAsOld',
  510010: 'passport.passwordsDiffer',
  [-603]: 'passport.passwordsDiffer',
  510011: 'passport.emailLinkExpired',
  510012: 'passport.emailLinkNotConfirmed',
  510013: 'passport.emailTemplateMissing',
  510014: 'passport.oldEmailCodeRequired',
  700004: 'passport.smsCodeWrong',
  [-704]: 'passport.smsCodeWrong',
  900000: 'passport.sessionKeyError',
  900001: 'passport.authorizationError',
  5000024: 'passport.accountAtRisk',
  [-643]: 'passport.accountAtRisk',
  5000025: 'passport.multipleAccounts',
  [-642]: 'passport.multipleAccounts',
  [-105]: 'passport.codeWrong',
  [-600]: 'passport.passwordRequired',
  [-644]: 'passport.passwordRequired',
  [-606]: 'passport.nicknameRequired',
  [-607]: 'passport.nicknameLength',
  [-608]: 'passport.nicknameLength',
  [-609]: 'passport.nicknameTaken',
  [-610]: 'passport.nicknameForbidden',
  [-611]: 'passport.nicknameForbidden',
  [-612]: 'passport.nicknameForbidden',
  [-613]: 'passport.nicknameForbidden',
  [-614]: 'passport.phoneAlreadyBound',
  [-615]: 'passport.phoneNotBound',
  [-616]: 'passport.phoneInUse',
  [-617]: 'passport.phoneInUse',
  [-618]: 'passport.phoneMismatch',
  [-619]: 'passport.phoneInvalid',
  [-620]: 'passport.phoneInvalid',
  [-900]: 'passport.phoneInvalid',
  [-621]: 'passport.userNotFound',
  [-640]: 'passport.accountRequired',
  [-658]: 'passport.accessKeyExpired',
  [-659]: 'passport.accessKeyInvalid',
  [-660]: 'passport.renewalFailed',
  [-700]: 'passport.smsAlreadySent',
  [-701]: 'passport.smsDailyLimit',
  [-702]: 'passport.smsCodeEmpty',
  [-703]: 'passport.smsCodeExpired',
  [-705]: 'passport.oldPhoneCodeRequired',
  [-800]: 'passport.tooManyRegistrations',
  [-801]: 'passport.accountUpdateFailed',
  // Ours, after the spec's numbers of the same family: a common password (the e-mail and the phone family), and
  // the SMS cost guards (every SMS paused for today; SMS to one country paused for today).
  500007: 'passport.guards.commonPassword',
  [-623]: 'passport.guards.commonPassword',
  [-706]: 'passport.guards.smsPaused',
  [-707]: 'passport.guards.smsCountryPaused',
  // Ours: a passkey that does not verify, and the most passkeys an account may have.
  [-720]: 'passport.passkeys.failed',
  [-721]: 'passport.passkeys.limit',
  // Ours (privacy): no way left to prove the owner (customer service opens the deletion), and a data export
  // whose proof of the owner is missing or too old.
  [-740]: 'passport.privacy.noProofMethod',
  [-741]: 'passport.privacy.confirmAgain',
} as const;

/** Customer-service host (cs, and upload): contact info and tickets as the player sees them. */
const serviceCodes = {
  0: 'service.sent',
  [-1]: 'service.sendFailed',
  [-702]: 'service.contactNameFormat',
  [-703]: 'service.contactNameFormat',
  [-704]: 'service.phoneFormat',
  [-705]: 'service.emailFormat',
  [-706]: 'service.addressLength',
  [-707]: 'service.lineNotifyParams',
  [-10000]: 'service.ticketInProgress',
  [-10001]: 'service.cannotRateNow',
  [-10002]: 'service.ratingPeriodOver',
  [-20001]: 'service.ticketAlreadyReplied',
  [-20003]: 'service.ticketCannotReply',
  // Our additions for attachments (spec 5: at most 5 MB, JPG / JPEG / PNG / LOG), after the spec's -10000..-10002.
  [-10003]: 'service.fileTooLarge',
  [-10004]: 'service.fileTypeNotAllowed',
  [-10005]: 'service.attachmentNotFound',
  [-10006]: 'service.tooManyUploads',
  // Ours: a rating of 1 or 2 must say why.
  [-10008]: 'service.ratingReasonRequired',
  // Our addition: a ticket about a top-up order that is not one of the member's.
  [-10007]: 'service.orderNotFound',
} as const;

/**
 * Top-up (pay). The spec names these err1..err13; we number them 1..13 in the spec's order, then add the
 * top-up wizard's own outcomes (spec sections 4 and 5) as 14..17:
 *   1 err1  wrongCaptcha              10 err10 roleListMissing
 *   2 err2  internalError             11 err11 roleNotFound
 *   3 err3  rechargeUnavailable       12 err12 gameHasNoServer
 *   4 err4  serverMaintenance         13 err13 paymentMethodUnsupported
 *   5 err5  characterCannotRecharge   14       noResult (order query found nothing)
 *   6 err6  productOffSale            15       orderNotPaid
 *   7 err7  productNotFound           16       facebookCannotRecharge (Facebook-authorised account, web)
 *   8 err8  serverListMissing         17       noCharacter (account has no character)
 *   9 err9  serverNotFound
 * Ours, for the live order status and the lookup without login, numbered apart from the wizard's so others can
 * follow it:
 *  40       lookupNoMatch (no order with this number on an account with this e-mail or phone: one answer for both)
 *  41       tooManyStreams (the member or the server has as many live order streams open as it allows; HTTP 429)
 *  42       amountOutsideChannelLimits (the price is below the channel's per-order minimum or above its maximum)
 */
const payCodes = {
  1: 'pay.wrongCaptcha',
  2: 'pay.internalError',
  3: 'pay.rechargeUnavailable',
  4: 'pay.serverMaintenance',
  5: 'pay.characterCannotRecharge',
  6: 'pay.productOffSale',
  7: 'pay.productNotFound',
  8: 'pay.serverListMissing',
  9: 'pay.serverNotFound',
  10: 'pay.roleListMissing',
  11: 'pay.roleNotFound',
  12: 'pay.gameHasNoServer',
  13: 'pay.paymentMethodUnsupported',
  14: 'pay.noResult',
  15: 'pay.orderNotPaid',
  16: 'pay.facebookCannotRecharge',
  17: 'pay.noCharacter',
  40: 'pay.lookupNoMatch',
  41: 'pay.tooManyStreams',
  42: 'pay.amountOutsideChannelLimits',
} as const;

/**
 * Staff back office (csmng). -40003 and -40004 have no wording in the spec; ours follows spec section 4
 * (editing lock, 2-minute recall window). The ticket rules -20001/-20003 are listed again here because staff
 * meet them when modifying or replying, and lookups fall back to common only, not to service.
 *
 * Staff login and accounts answer the spec's login and password codes (500002, 500003, 500004, 500006,
 * 510008-510010, -105) in this domain too, and add their own after the spec's -4000x:
 *   -40005 accountBlocked          the account is blocked (account/limit); said at login after a right password
 *   -40006 accountExists           account/add with an account_id that is taken
 *   -40007 passwordChangeRequired  the one-time password must be changed before anything else
 *   -40008 notOnOwnAccount         block, delete or reset the password of one's own account
 *   -40009 lastAccountsAdmin       the change would leave no active account holding `staff.accounts`
 *   -40010 gameInUse               game/delete of a game that tickets, orders, the top-up catalog, FAQ or
 *                                  content still use (take it offline instead)
 * Second factor (every staff account needs one):
 *   -40020 secondFactorRequired    the account has no second factor yet: enrol one before anything else
 *   -40021 secondFactorWrong       wrong, stale or already used authenticator or recovery code
 *   -40022 secondFactorExpired     the login's second step is missing or expired: log in again
 *   -40023 passkeyFailed           the passkey answer did not verify (or its challenge expired)
 *   -40024 enrolmentNotStarted     a code to confirm, but no authenticator-app enrolment is waiting
 *   -40025 lastSecondFactor        removing it would leave the account without a second factor
 *   -40026 stepUpRequired          a factor change needs the password and a current factor proven again in this
 *                                  session within 5 minutes (second_factor/reauth), or the step-up lacked the factor
 */
const staffCodes = {
  [-40001]: 'staff.ticketHandledByOther',
  [-40003]: 'staff.editLockExpired',
  [-40004]: 'staff.recallExpired',
  [-20001]: 'staff.ticketAlreadyReplied',
  [-20003]: 'staff.ticketCannotReply',
  500002: 'staff.wrongCredentials',
  500003: 'staff.accountNotFound',
  500004: 'staff.tooManyLogins',
  500006: 'staff.passwordRule',
  510008: 'staff.oldPasswordWrong',
  510009: 'staff.newPasswordSameAsOld',
  510010: 'staff.passwordsDiffer',
  [-105]: 'staff.captchaWrong',
  [-40005]: 'staff.accountBlocked',
  [-40006]: 'staff.accountExists',
  [-40007]: 'staff.passwordChangeRequired',
  [-40020]: 'staff.secondFactorRequired',
  [-40021]: 'staff.secondFactorWrong',
  [-40022]: 'staff.secondFactorExpired',
  [-40023]: 'staff.passkeyFailed',
  [-40024]: 'staff.enrolmentNotStarted',
  [-40025]: 'staff.lastSecondFactor',
  [-40026]: 'staff.stepUpRequired',
  [-40008]: 'staff.notOnOwnAccount',
  [-40009]: 'staff.lastAccountsAdmin',
  [-40010]: 'staff.gameInUse',
  500007: 'staff.guards.commonPassword',
  // Refunds: the refund call's refusals.
  [-40201]: 'staff.refunds.notPaid',
  [-40202]: 'staff.refunds.alreadyRefunded',
  [-40203]: 'staff.refunds.providerRefused',
  // Payment channels: a channel the deployment could not take payments through.
  [-40320]: 'staff.payChannels.providerNotConfigured',
  // Catalog import: an apply refused.
  [-40330]: 'staff.catalogImport.hasProblems',
  [-40331]: 'staff.catalogImport.stale',
} as const;

const catalogueData = {
  common: commonCodes,
  passport: passportCodes,
  service: serviceCodes,
  pay: payCodes,
  staff: staffCodes,
} as const satisfies { readonly [D in ErrorDomain]: Readonly<Record<number, `${D}.${string}`>> };

/** Key for any code no catalogue entry covers. */
export const unknownErrorKey = 'common.unknown';
/** Key the client uses when a call fails before any answer arrives (no code maps to it). */
export const networkErrorKey = 'common.network';

/** Every message key the catalogue can hand out, as a literal union. */
export type ErrorMessageKey =
  | {
      [D in ErrorDomain]: (typeof catalogueData)[D][keyof (typeof catalogueData)[D]];
    }[ErrorDomain]
  | typeof unknownErrorKey
  | typeof networkErrorKey;

/** domain -> numeric code -> message key (a dotted path into the i18n namespace `messageNamespace` names). */
export const catalogue: { readonly [D in ErrorDomain]: Readonly<Record<number, string>> } = catalogueData;

function lookup(domain: ErrorDomain, code: number): ErrorMessageKey | undefined {
  const table: Readonly<Record<number, ErrorMessageKey>> = catalogueData[domain];
  return Object.hasOwn(table, code) ? table[code] : undefined;
}

/** The key for (domain, code): the domain's own entry, else the common entry, else 'common.unknown'. */
export function messageKey(domain: ErrorDomain, code: number): ErrorMessageKey {
  return lookup(domain, code) ?? lookup('common', code) ?? unknownErrorKey;
}

const groupDomains = {
  web: 'common',
  passport: 'passport',
  pay: 'pay',
  cs: 'service',
  csmng: 'staff',
  upload: 'service',
} as const satisfies Record<CallGroup, ErrorDomain>;

/**
 * The i18n namespace each domain's texts live in. Only the staff group (csmng: the console's calls and the staff
 * login) answers in the staff domain, and no player app makes those calls, so its texts are in `staff-errors`,
 * which only the console loads: the player apps, held to tight byte budgets, would otherwise carry them on every
 * first screen. Every other domain answers the player apps' calls, so its texts are in `errors`, which every app
 * loads at start. packages/i18n/src/locales.test.ts checks this split against the contracts.
 */
const domainNamespaces = {
  common: 'errors',
  passport: 'errors',
  service: 'errors',
  pay: 'errors',
  staff: 'staff-errors',
} as const satisfies Record<ErrorDomain, string>;
export type ErrorNamespace = (typeof domainNamespaces)[ErrorDomain];

/**
 * The namespace holding a key's text: that of the domain the key belongs to (its first part), not of the domain
 * looked up, since a staff lookup that falls back to common lands on a common key, in `errors`.
 */
export function messageNamespace(key: ErrorMessageKey): ErrorNamespace {
  return domainNamespaces[key.slice(0, key.indexOf('.')) as ErrorDomain];
}

/** Which domain a call group's codes belong to: web->common, passport->passport, pay->pay, cs->service, csmng->staff, upload->service. */
export function domainOfGroup(group: CallGroup): ErrorDomain {
  return groupDomains[group];
}

export function isErrorDomain(value: unknown): value is ErrorDomain {
  return typeof value === 'string' && (errorDomains as readonly string[]).includes(value);
}

/**
 * Named codes the code base matches on (never on message text). Unprefixed names are common codes; the others
 * carry their domain in the name because numbers repeat across domains.
 */
export const codes = {
  // common
  ok: 0,
  notLoggedIn: -101,
  badRequest: -400,
  serverError: -500,
  notFound: -404,
  csrf: -110,
  cannotOperate: -111,
  illegalRequest: -112,
  /** A state-changing call from another site (HTTP 403). */
  crossSite: -113,
  accessDenied: -401,
  /** The code rate limits answer with (HTTP 429). */
  tooFrequent: 800000,
  tooFrequentOrDisabled: -102,
  systemUpgrade: -1000,
  // passport: the e-mail family (5xxxxx; the web login) and the phone family (-6xx; the game login, phone calls)
  passportWrongCredentials: 500002,
  passportAccountNotFound: 500003,
  passportTooManyLogins: 500004,
  passportPasswordRule: 500006,
  passportEmailRegistered: 510000,
  passportEmailCodeTooSoon: 510002,
  passportEmailDailyLimit: 510003,
  passportEmailCodeEmpty: 510004,
  passportEmailCodeExpired: 510005,
  passportEmailCodeWrong: 510006,
  passportOldPasswordWrong: 510008,
  passportNewPasswordSameAsOld: 510009,
  passportPasswordsDiffer: 510010,
  passportEmailLinkExpired: 510011,
  passportEmailLinkNotConfirmed: 510012,
  /** Changing a bound e-mail needs the code sent to the old address too, as a proof of the owner. */
  passportOldEmailCodeRequired: 510014,
  passportSessionKeyError: 900000,
  passportAuthorizationError: 900001,
  passportAccountAtRisk: 5000024,
  /** The graphic captcha (spec "code error"). */
  passportCodeWrong: -105,
  /** No password where one is needed (a contact change's proof of the owner). */
  passportPasswordRequired: -600,
  passportPhonePasswordRule: -601,
  passportPhonePasswordsDiffer: -603,
  passportPhoneOldPasswordWrong: -604,
  passportPhoneNewPasswordSameAsOld: -605,
  passportNicknameRequired: -606,
  passportNicknameTooShort: -607,
  passportNicknameTooLong: -608,
  passportNicknameTaken: -609,
  passportNicknameForbidden: -610,
  passportNicknameSymbols: -611,
  /** A nickname that passes for staff ("admin", "GM", ...). */
  passportNicknameReserved: -612,
  passportPhoneAlreadyBound: -614,
  passportPhoneNotBound: -615,
  /** Spec "phone exists or used": -616 registered already, -617 bound to another account. */
  passportPhoneExists: -616,
  passportPhoneUsed: -617,
  passportPhoneMismatch: -618,
  passportPhoneInvalid: -619,
  passportUserNotFound: -621,
  passportGameAccountNotFound: -641,
  passportGameWrongCredentials: -645,
  passportGameTooManyLogins: -647,
  passportAccessKeyExpired: -658,
  passportAccessKeyInvalid: -659,
  passportSmsAlreadySent: -700,
  passportSmsDailyLimit: -701,
  passportSmsCodeEmpty: -702,
  passportSmsCodeExpired: -703,
  passportSmsCodeWrong: -704,
  passportOldPhoneCodeRequired: -705,
  passportTooManyRegistrations: -800,
  passportPasswordCommon: 500007,
  passportPhonePasswordCommon: -623,
  /** The global daily SMS budget is spent: no SMS until tomorrow (UTC). */
  passportSmsPaused: -706,
  /** The daily cap of SMS to the number's country prefix is reached. */
  passportSmsCountryPaused: -707,
  /** A passkey that does not verify: unknown, another account's, its challenge used or expired. */
  passportPasskeyFailed: -720,
  /** The account has the most passkeys it may have (10). */
  passportPasskeyLimit: -721,
  /** A member with no password, passkey or e-mail address: nothing proves them on the site (privacy). */
  passportNoProofMethod: -740,
  /** The data export needs the owner's proof within the last few minutes (privacy `privacyConfirm`). */
  passportConfirmAgain: -741,
  // service
  serviceSendFailed: -1,
  serviceContactNameFormat: -702,
  servicePhoneFormat: -704,
  serviceEmailFormat: -705,
  serviceAddressLength: -706,
  serviceTicketInProgress: -10000,
  serviceCannotRate: -10001,
  serviceRatingPeriodOver: -10002,
  ticketAlreadyReplied: -20001,
  ticketCannotReply: -20003,
  serviceFileTooLarge: -10003,
  serviceFileTypeNotAllowed: -10004,
  serviceAttachmentNotFound: -10005,
  serviceTooManyUploads: -10006,
  serviceRatingReasonRequired: -10008,
  serviceOrderNotFound: -10007,
  // pay (err1..err13 are 1..13, see payCodes)
  payWrongCaptcha: 1,
  payInternalError: 2,
  payRechargeUnavailable: 3,
  payServerMaintenance: 4,
  payCharacterCannotRecharge: 5,
  payProductOffSale: 6,
  payProductNotFound: 7,
  payServerListMissing: 8,
  payServerNotFound: 9,
  payRoleListMissing: 10,
  payRoleNotFound: 11,
  payGameHasNoServer: 12,
  payPaymentMethodUnsupported: 13,
  payNoResult: 14,
  payOrderNotPaid: 15,
  payFacebookCannotRecharge: 16,
  payNoCharacter: 17,
  payLookupNoMatch: 40,
  payTooManyStreams: 41,
  /** The price is outside the chosen channel's per-order limits (pay_channel.min_amount / max_amount). */
  payAmountOutsideChannelLimits: 42,
  // staff
  staffTicketHandledByOther: -40001,
  staffEditLockExpired: -40003,
  staffRecallExpired: -40004,
  staffWrongCredentials: 500002,
  staffAccountNotFound: 500003,
  staffTooManyLogins: 500004,
  staffPasswordRule: 500006,
  staffOldPasswordWrong: 510008,
  staffNewPasswordSameAsOld: 510009,
  staffPasswordsDiffer: 510010,
  staffCaptchaWrong: -105,
  staffAccountBlocked: -40005,
  staffAccountExists: -40006,
  staffPasswordChangeRequired: -40007,
  staffSecondFactorRequired: -40020,
  staffSecondFactorWrong: -40021,
  staffSecondFactorExpired: -40022,
  staffPasskeyFailed: -40023,
  staffEnrolmentNotStarted: -40024,
  staffLastSecondFactor: -40025,
  staffStepUpRequired: -40026,
  staffNotOnOwnAccount: -40008,
  staffLastAccountsAdmin: -40009,
  staffGameInUse: -40010,
  staffPasswordCommon: 500007,
  /** Refund of an order whose payment is not confirmed (not paid, failed, expired). */
  staffRefundNotPaid: -40201,
  staffRefundAlreadyRefunded: -40202,
  /** The payment provider refused the refund (already refunded there, disputed, ...). */
  staffRefundProviderRefused: -40203,
  /**
   * A channel created, saved or switched on whose payment provider is not configured in this deployment (or does
   * not take the channel's currency through its method keys).
   */
  staffPayChannelProviderNotConfigured: -40320,
  /** A catalog import applied while its workbook has problems (the dry run lists them). */
  staffCatalogImportHasProblems: -40330,
  /** A catalog import applied after the store or the file changed since its dry run: run it again. */
  staffCatalogImportStale: -40331,
} as const;
