import { describe, it, expect } from 'vitest';
import enErrors from '../../i18n/locales/en/errors.json' with { type: 'json' };
import thErrors from '../../i18n/locales/th/errors.json' with { type: 'json' };
import cnErrors from '../../i18n/locales/cn/errors.json' with { type: 'json' };
import viErrors from '../../i18n/locales/vi/errors.json' with { type: 'json' };
import zhErrors from '../../i18n/locales/zh/errors.json' with { type: 'json' };
import enStaff from '../../i18n/locales/en/staff-errors.json' with { type: 'json' };
import thStaff from '../../i18n/locales/th/staff-errors.json' with { type: 'json' };
import cnStaff from '../../i18n/locales/cn/staff-errors.json' with { type: 'json' };
import viStaff from '../../i18n/locales/vi/staff-errors.json' with { type: 'json' };
import zhStaff from '../../i18n/locales/zh/staff-errors.json' with { type: 'json' };
import {
  catalogue,
  codes,
  domainOfGroup,
  errorDomains,
  isErrorDomain,
  messageKey,
  messageNamespace,
  networkErrorKey,
  unknownErrorKey,
  type ErrorDomain,
  type ErrorMessageKey,
} from './catalogue.ts';

/** Flattens a nested message object into dotted key -> value. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null) return out;
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value, key)) out.set(k, v);
    } else {
      out.set(key, value);
    }
  }
  return out;
}

// A language's error texts are its two namespaces together; which key sits in which is tested below.
const en = { ...enErrors, ...enStaff };
const th = { ...thErrors, ...thStaff };
const cn = { ...cnErrors, ...cnStaff };
const vi = { ...viErrors, ...viStaff };
const zh = { ...zhErrors, ...zhStaff };
const enKeys = flatten(en);
const locales = { th, cn, vi, zh } as const;

/** Every code of spec section 8, per domain, with the key we expect it to land on. */
const specCodes: Record<ErrorDomain, ReadonlyArray<readonly [number, string]>> = {
  common: [
    [0, 'common.success'],
    [-101, 'common.notLoggedIn'],
    [-400, 'common.badRequest'],
    [-500, 'common.serverError'],
    [-404, 'common.notFound'],
    [-110, 'common.csrfFailed'],
    [-111, 'common.cannotOperate'],
    [-112, 'common.illegalRequest'],
    // Ours: a write sent from another site is refused.
    [-113, 'common.crossSite'],
    [-401, 'common.accessDenied'],
    [800000, 'common.tooFrequent'],
    [800035, 'common.tooFrequent'],
    [-301, 'common.tooFrequent'],
    [-102, 'common.tooFrequentOrDisabled'],
    [-1000, 'common.systemUpgrade'],
  ],
  passport: [
    [500002, 'passport.wrongCredentials'],
    [500003, 'passport.accountNotFound'],
    [500004, 'passport.tooManyLogins'],
    [-647, 'passport.tooManyLogins'],
    [500006, 'passport.passwordRule'],
    [-601, 'passport.passwordRule'],
    [-602, 'passport.passwordRule'],
    [510000, 'passport.emailRegistered'],
    [510001, 'passport.emailFormat'],
    [510002, 'passport.emailCodeTooSoon'],
    [510003, 'passport.emailDailyLimit'],
    [510004, 'passport.emailCodeEmpty'],
    [510005, 'passport.emailCodeExpired'],
    [510006, 'passport.emailCodeWrong'],
    [510007, 'passport.emailUnsupported'],
    [510008, 'passport.oldPasswordWrong'],
    [510009, 'passport.newPasswordSameAsOld'],
    [510010, 'passport.passwordsDiffer'],
    [510011, 'passport.emailLinkExpired'],
    [510012, 'passport.emailLinkNotConfirmed'],
    [510013, 'passport.emailTemplateMissing'],
    // Ours: changing a bound e-mail needs the old address's code, like -705 for phones.
    [510014, 'passport.oldEmailCodeRequired'],
    [700004, 'passport.smsCodeWrong'],
    [900000, 'passport.sessionKeyError'],
    [900001, 'passport.authorizationError'],
    [5000024, 'passport.accountAtRisk'],
    [-643, 'passport.accountAtRisk'],
    [5000025, 'passport.multipleAccounts'],
    [-642, 'passport.multipleAccounts'],
    [-103, 'passport.wrongCredentials'],
    [-645, 'passport.wrongCredentials'],
    [-646, 'passport.wrongCredentials'],
    [-104, 'passport.accountNotFound'],
    [-641, 'passport.accountNotFound'],
    [-105, 'passport.codeWrong'],
    [-600, 'passport.passwordRequired'],
    [-644, 'passport.passwordRequired'],
    [-603, 'passport.passwordsDiffer'],
    [-604, 'passport.oldPasswordWrong'],
    [-605, 'passport.newPasswordSameAsOld'],
    [-606, 'passport.nicknameRequired'],
    [-607, 'passport.nicknameLength'],
    [-608, 'passport.nicknameLength'],
    [-609, 'passport.nicknameTaken'],
    [-610, 'passport.nicknameForbidden'],
    [-611, 'passport.nicknameForbidden'],
    [-612, 'passport.nicknameForbidden'],
    [-613, 'passport.nicknameForbidden'],
    [-614, 'passport.phoneAlreadyBound'],
    [-615, 'passport.phoneNotBound'],
    [-616, 'passport.phoneInUse'],
    [-617, 'passport.phoneInUse'],
    [-618, 'passport.phoneMismatch'],
    [-619, 'passport.phoneInvalid'],
    [-620, 'passport.phoneInvalid'],
    [-900, 'passport.phoneInvalid'],
    [-621, 'passport.userNotFound'],
    [-640, 'passport.accountRequired'],
    [-658, 'passport.accessKeyExpired'],
    [-659, 'passport.accessKeyInvalid'],
    [-660, 'passport.renewalFailed'],
    [-700, 'passport.smsAlreadySent'],
    [-701, 'passport.smsDailyLimit'],
    [-702, 'passport.smsCodeEmpty'],
    [-703, 'passport.smsCodeExpired'],
    [-704, 'passport.smsCodeWrong'],
    [-705, 'passport.oldPhoneCodeRequired'],
    [-800, 'passport.tooManyRegistrations'],
    [-801, 'passport.accountUpdateFailed'],
    // Ours: a common password in both families, the SMS cost guards.
    [500007, 'passport.guards.commonPassword'],
    [-623, 'passport.guards.commonPassword'],
    [-706, 'passport.guards.smsPaused'],
    [-707, 'passport.guards.smsCountryPaused'],
    // Ours: members' passkeys.
    [-720, 'passport.passkeys.failed'],
    [-721, 'passport.passkeys.limit'],
    // Ours: privacy's proof of the owner.
    [-740, 'passport.privacy.noProofMethod'],
    [-741, 'passport.privacy.confirmAgain'],
  ],
  service: [
    [0, 'service.sent'],
    [-1, 'service.sendFailed'],
    [-702, 'service.contactNameFormat'],
    [-703, 'service.contactNameFormat'],
    [-704, 'service.phoneFormat'],
    [-705, 'service.emailFormat'],
    [-706, 'service.addressLength'],
    [-707, 'service.lineNotifyParams'],
    [-10000, 'service.ticketInProgress'],
    [-10001, 'service.cannotRateNow'],
    [-10002, 'service.ratingPeriodOver'],
    [-20001, 'service.ticketAlreadyReplied'],
    [-20003, 'service.ticketCannotReply'],
    // Our own: attachments (spec 5).
    [-10003, 'service.fileTooLarge'],
    [-10004, 'service.fileTypeNotAllowed'],
    [-10005, 'service.attachmentNotFound'],
    [-10006, 'service.tooManyUploads'],
    [-10008, 'service.ratingReasonRequired'],
    // Our own: a ticket about an order that is not the member's.
    [-10007, 'service.orderNotFound'],
  ],
  // err1..err13 are 1..13 in the spec's order; 14..17 are the wizard's own outcomes.
  pay: [
    [1, 'pay.wrongCaptcha'],
    [2, 'pay.internalError'],
    [3, 'pay.rechargeUnavailable'],
    [4, 'pay.serverMaintenance'],
    [5, 'pay.characterCannotRecharge'],
    [6, 'pay.productOffSale'],
    [7, 'pay.productNotFound'],
    [8, 'pay.serverListMissing'],
    [9, 'pay.serverNotFound'],
    [10, 'pay.roleListMissing'],
    [11, 'pay.roleNotFound'],
    [12, 'pay.gameHasNoServer'],
    [13, 'pay.paymentMethodUnsupported'],
    [14, 'pay.noResult'],
    [15, 'pay.orderNotPaid'],
    [16, 'pay.facebookCannotRecharge'],
    [17, 'pay.noCharacter'],
    // Ours: the lookup without login and the live order status.
    [40, 'pay.lookupNoMatch'],
    [41, 'pay.tooManyStreams'],
    [42, 'pay.amountOutsideChannelLimits'],
  ],
  staff: [
    [-40001, 'staff.ticketHandledByOther'],
    [-40003, 'staff.editLockExpired'],
    [-40004, 'staff.recallExpired'],
    [-20001, 'staff.ticketAlreadyReplied'],
    [-20003, 'staff.ticketCannotReply'],
    [500002, 'staff.wrongCredentials'],
    [500003, 'staff.accountNotFound'],
    [500004, 'staff.tooManyLogins'],
    [500006, 'staff.passwordRule'],
    [510008, 'staff.oldPasswordWrong'],
    [510009, 'staff.newPasswordSameAsOld'],
    [510010, 'staff.passwordsDiffer'],
    [-105, 'staff.captchaWrong'],
    [-40005, 'staff.accountBlocked'],
    [-40006, 'staff.accountExists'],
    [-40007, 'staff.passwordChangeRequired'],
    [-40020, 'staff.secondFactorRequired'],
    [-40021, 'staff.secondFactorWrong'],
    [-40022, 'staff.secondFactorExpired'],
    [-40023, 'staff.passkeyFailed'],
    [-40024, 'staff.enrolmentNotStarted'],
    [-40025, 'staff.lastSecondFactor'],
    [-40026, 'staff.stepUpRequired'],
    [-40008, 'staff.notOnOwnAccount'],
    [-40009, 'staff.lastAccountsAdmin'],
    [-40010, 'staff.gameInUse'],
    [500007, 'staff.guards.commonPassword'],
    [-40201, 'staff.refunds.notPaid'],
    [-40202, 'staff.refunds.alreadyRefunded'],
    [-40203, 'staff.refunds.providerRefused'],
    [-40320, 'staff.payChannels.providerNotConfigured'],
    [-40330, 'staff.catalogImport.hasProblems'],
    [-40331, 'staff.catalogImport.stale'],
  ],
};

describe('catalogue', () => {
  it('has exactly the five domains', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...errorDomains].sort());
  });

  it.each(errorDomains)('%s: every key is in its own domain and resolves to English text', (domain) => {
    const entries = Object.entries(catalogue[domain]);
    expect(entries.length).toBeGreaterThan(0);
    for (const [code, key] of entries) {
      expect(Number.isInteger(Number(code)), `code ${code}`).toBe(true);
      expect(key.startsWith(`${domain}.`), `${domain} ${code} -> ${key}`).toBe(true);
      const text = enKeys.get(key);
      expect(typeof text, `en has ${key}`).toBe('string');
      expect((text as string).trim(), `en ${key}`).not.toBe('');
    }
  });

  it('en has the fallback keys and no key the catalogue does not use', () => {
    const used = new Set<string>([unknownErrorKey, networkErrorKey]);
    for (const domain of errorDomains) for (const key of Object.values(catalogue[domain])) used.add(key);
    expect([...enKeys.keys()].sort()).toEqual([...used].sort());
  });

  it.each(errorDomains)('%s: every code of spec section 8 is present', (domain) => {
    for (const [code, key] of specCodes[domain]) {
      expect(catalogue[domain][code], `${domain} ${code}`).toBe(key);
      expect(messageKey(domain, code)).toBe(key);
    }
  });

  it.each(errorDomains)('%s: holds no code beyond the spec table', (domain) => {
    const listed = specCodes[domain].map(([code]) => code).sort((a, b) => a - b);
    const held = Object.keys(catalogue[domain])
      .map(Number)
      .sort((a, b) => a - b);
    expect(held).toEqual(listed);
  });
});

describe('translations', () => {
  it.each(Object.entries(locales))('%s has exactly the keys of en, each non-empty', (_lang, messages) => {
    const keys = flatten(messages);
    expect([...keys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, text] of keys) {
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
    }
  });

  it.each(['cn', 'zh'] as const)('%s is actually translated (every text differs from en)', (lang) => {
    const keys = flatten(locales[lang]);
    for (const [key, text] of keys) expect(text, key).not.toBe(enKeys.get(key));
  });

  it('th and vi are translated (no text identical to en)', () => {
    for (const lang of ['th', 'vi'] as const) {
      for (const [key, text] of flatten(locales[lang]))
        expect(text, `${lang} ${key}`).not.toBe(enKeys.get(key));
    }
  });

  it('cn and zh are different scripts, not copies', () => {
    const cnKeys = flatten(cn);
    const differing = [...flatten(zh)].filter(([key, text]) => cnKeys.get(key) !== text);
    expect(differing.length).toBeGreaterThan(enKeys.size / 2);
  });
});

describe('messageKey', () => {
  it('prefers the domain entry over common', () => {
    expect(messageKey('service', 0)).toBe('service.sent');
    expect(messageKey('passport', 0)).toBe('common.success');
  });

  it('falls back domain -> common -> common.unknown', () => {
    expect(messageKey('passport', -101)).toBe('common.notLoggedIn');
    expect(messageKey('pay', codes.tooFrequent)).toBe('common.tooFrequent');
    expect(messageKey('staff', -500)).toBe('common.serverError');
    expect(messageKey('common', 500002)).toBe('common.unknown');
    expect(messageKey('pay', 123456789)).toBe(unknownErrorKey);
    expect(messageKey('service', Number.NaN)).toBe(unknownErrorKey);
  });

  it('the same number means different things in different domains', () => {
    expect(messageKey('passport', -704)).toBe('passport.smsCodeWrong');
    expect(messageKey('service', -704)).toBe('service.phoneFormat');
    expect(messageKey('passport', -705)).not.toBe(messageKey('service', -705));
  });

  it('staff see the ticket rules too', () => {
    expect(messageKey('staff', codes.ticketAlreadyReplied)).toBe('staff.ticketAlreadyReplied');
    expect(messageKey('staff', codes.ticketCannotReply)).toBe('staff.ticketCannotReply');
  });
});

describe('messageNamespace', () => {
  const files = { errors: flatten(enErrors), 'staff-errors': flatten(enStaff) } as const;

  it('puts the staff domain in staff-errors and every other domain in errors', () => {
    expect(messageNamespace('staff.ticketHandledByOther')).toBe('staff-errors');
    expect(messageNamespace('staff.refunds.notPaid')).toBe('staff-errors');
    expect(messageNamespace('passport.wrongCredentials')).toBe('errors');
    expect(messageNamespace(unknownErrorKey)).toBe('errors');
  });

  it('goes by the key found, so a staff lookup that falls back to common reads errors', () => {
    expect(messageNamespace(messageKey('staff', codes.notLoggedIn))).toBe('errors');
    expect(messageNamespace(messageKey('staff', codes.staffTicketHandledByOther))).toBe('staff-errors');
  });

  it('names the file that holds each key, and only that one', () => {
    const keys = new Set<ErrorMessageKey>([unknownErrorKey, networkErrorKey]);
    for (const domain of errorDomains)
      for (const key of Object.values(catalogue[domain])) keys.add(key as ErrorMessageKey);
    for (const key of keys) {
      const ns = messageNamespace(key);
      const other = ns === 'errors' ? 'staff-errors' : 'errors';
      expect(files[ns].has(key), `${ns} has ${key}`).toBe(true);
      expect(files[other].has(key), `${other} lacks ${key}`).toBe(false);
    }
  });
});

describe('domainOfGroup', () => {
  it('maps every call group', () => {
    expect(domainOfGroup('web')).toBe('common');
    expect(domainOfGroup('passport')).toBe('passport');
    expect(domainOfGroup('pay')).toBe('pay');
    expect(domainOfGroup('cs')).toBe('service');
    expect(domainOfGroup('csmng')).toBe('staff');
    expect(domainOfGroup('upload')).toBe('service');
  });

  it('isErrorDomain accepts only domains', () => {
    expect(isErrorDomain('pay')).toBe(true);
    expect(isErrorDomain('cs')).toBe(false);
    expect(isErrorDomain(undefined)).toBe(false);
  });
});

describe('codes', () => {
  it('has the required names and values', () => {
    expect(codes).toMatchObject({
      ok: 0,
      notLoggedIn: -101,
      badRequest: -400,
      serverError: -500,
      tooFrequent: 800000,
      csrf: -110,
      accessDenied: -401,
      notFound: -404,
      crossSite: -113,
    });
  });

  it('every named code has a catalogue entry in some domain', () => {
    for (const [name, code] of Object.entries(codes)) {
      const found = errorDomains.some((d) => Object.hasOwn(catalogue[d], code));
      expect(found, name).toBe(true);
    }
  });
});
