/**
 * Member accounts: registration and login (spec 4-5, 7 "Passport"). Passwords arrive RSA-sealed, are checked
 * against the shared rules, and are stored only as argon2id hashes. Logins need a solved captcha and are locked
 * after repeated failures. A login starts a new session (a fresh id: the old one, if any, is revoked).
 */
import { passwordRule, type UserInfo } from '@gp/contracts/passport';
import type { LanguageCode } from '@gp/config';
import { languageCodes } from '@gp/contracts';
import { messageText } from '@gp/i18n/server';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { CaptchaService } from '../sessions/index.ts';
import { accountKey, ipKey, loginKey, loginNameKey, type LockoutService } from '../sessions/index.ts';
import { withinLimits, type LockoutRepository } from '../sessions/index.ts';
import { freshCaptchaMs } from '../rate-limit/index.ts';
import type { MemberRepository, MemberRow } from './member.repository.ts';
import { openSession, type LoginClient, type OpenedSession } from './member-auth.ts';
import type { PasswordHasher } from '../sessions/index.ts';
import type { RegistrationLimit } from './registration-limit.ts';
import type { RsaService } from './rsa.service.ts';
import type { SessionRepository } from './session.repository.ts';
import type { AccountSecurityService } from './account-security.service.ts';
import type { CodeRequest, VerificationCodeService } from './verification-code.service.ts';
import { isKnownCallingCode } from './countries.ts';
import { isCommonPassword } from '../sessions/index.ts';
import { checkNickname, freshNickname } from './nickname.ts';
import { maskEmail, maskPhone } from './masking.ts';

export { maskEmail, maskPhone };

/** Spec 8 gives the password refusals twice: in the e-mail family (5xxxxx) and the phone family (-60x). */
const changeRefusals = {
  email: {
    oldWrong: codes.passportOldPasswordWrong,
    same: codes.passportNewPasswordSameAsOld,
    differ: codes.passportPasswordsDiffer,
    rule: codes.passportPasswordRule,
    common: codes.passportPasswordCommon,
  },
  phone: {
    oldWrong: codes.passportPhoneOldPasswordWrong,
    same: codes.passportPhoneNewPasswordSameAsOld,
    differ: codes.passportPhonePasswordsDiffer,
    rule: codes.passportPhonePasswordRule,
    common: codes.passportPhonePasswordCommon,
  },
} as const;

/**
 * The two login calls of spec 7 answer the same refusals with different codes (spec 8). "Account not found"
 * (500003 / -641) is never a login's answer: an unknown name gets "wrong account or password", so the login does
 * not tell anyone which names have accounts.
 */
const loginRefusals = {
  web: { wrong: codes.passportWrongCredentials, locked: codes.passportTooManyLogins },
  game: { wrong: codes.passportGameWrongCredentials, locked: codes.passportGameTooManyLogins },
} as const;

/** Enough of an address to recognise it, not enough to use it: `s***i@example.com`, `66*****678`. */
export function userInfoOf(
  m: Pick<MemberRow, 'mid' | 'userId' | 'nickName' | 'loginType'> &
    Partial<Pick<MemberRow, 'email' | 'phone'>>,
): UserInfo {
  return {
    mid: m.mid,
    user_id: m.userId,
    nick_name: m.nickName,
    nickName: m.nickName,
    loginType: m.loginType,
    bind_email: m.email ? maskEmail(m.email) : null,
    bind_tel: m.phone ? maskPhone(m.phone) : null,
  };
}

/** The purposes a code may be sent for without a session: the others are account settings'. */
const publicPurposes: ReadonlySet<string> = new Set(['register', 'reset']);

/** What a code's send answers: how long the code lives and when another may be asked for (seconds). */
const codeSent = () => ({ expires_in: 600, resend_after: 60 });

/**
 * A sign-up with (`signupAttempt`), or a bind of (`bindAttempt`), an address that has an account: the caller is
 * answered as if a code went out; the owner, in their language, is told instead that someone tried.
 */
function attemptNotice(kind: 'signupAttempt' | 'bindAttempt', lang: string, channel: 'email' | 'sms') {
  const language = (languageCodes as readonly string[]).includes(lang) ? (lang as LanguageCode) : 'en';
  return {
    lang: language,
    subject: messageText(language, `${kind}.subject`),
    body: messageText(language, channel === 'sms' ? `${kind}.sms` : `${kind}.body`),
  };
}

/**
 * Codes to a new address (`type=bind`, e-mail and SMS together) one member may ask for in 24 hours: enough for
 * typos and a change of mind, too few to test a list of addresses (each answer says "sent" anyway).
 */
export const bindLimits = { sendsPerMemberPerDay: 10 } as const;

export interface AccountDeps {
  members: MemberRepository;
  sessions: SessionRepository;
  rsa: RsaService;
  captcha: CaptchaService;
  codes: VerificationCodeService;
  hasher: PasswordHasher;
  lockout: LockoutService;
  /** At most so many registrations per client address (-800). */
  registrations: RegistrationLimit;
  /** Contact changes end other sessions and notify the old addresses. */
  security: AccountSecurityService;
  /** A passkey's proof of the owner instead of the password (passkey.service.ts `requireProof`). */
  passkeyProof: (mid: number, response: Record<string, unknown>) => Promise<void>;
  /** A finished reset by code voids the reset links still live (password-reset.service.ts `voidLinksOf`). */
  voidResetLinks: (member: { mid: number; email: string | null }) => Promise<void>;
  /** The counters of the per-member bind limit (`bindLimits`). */
  counters: LockoutRepository;
  now: Clock;
}

export class AccountService {
  constructor(private readonly d: AccountDeps) {}

  private refuse(code: number): never {
    throw new AppError(code, { domain: 'passport' });
  }

  /** SPEC 5's rule, then the common-password list, in the call's own family of codes. */
  private checkNewPassword(password: string | undefined, refusal: { rule: number; common: number }) {
    if (!passwordRule.safeParse(password).success) this.refuse(refusal.rule);
    if (isCommonPassword(password!)) this.refuse(refusal.common);
  }

  /** Public code sends serve only the purposes that need no session; binding codes come from account settings. */
  private requirePublicPurpose(purpose: string) {
    if (!publicPurposes.has(purpose)) throw new AppError(codes.notLoggedIn, { domain: 'passport' });
  }

  /** A nickname from the e-mail's local part that fits the rules and nobody has yet (spec 5: 3-16, no symbols). */
  private freshNickname(email: string): Promise<string> {
    return freshNickname(email.split('@')[0] ?? '', (n) => this.d.members.nicknameTaken(n));
  }

  async sendEmailCode(input: {
    email: string;
    purpose: string;
    ticket: string;
    ip: string;
    lang: LanguageCode;
  }) {
    return this.sendPublicCode(input, () => ({ channel: 'email', target: input.email.toLowerCase() }));
  }

  /**
   * A code without a session (sign-up, reset) to the address `to` names once the captcha is passed. Every send
   * answers the same whether the address has an account: only its owner, reading the message, learns that. A
   * reset for an address without one sends nothing; a sign-up with an address that has one tells its owner
   * instead of sending a code (SPEC 8 keeps 510000 for the registration itself). An address that may not
   * register any more gets no sign-up codes either: mail for nothing, SMS that cost money.
   */
  private async sendPublicCode(
    input: { purpose: string; ticket: string; ip: string; lang: LanguageCode },
    to: () => Pick<CodeRequest, 'channel' | 'target' | 'callingCode'>,
  ) {
    this.requirePublicPurpose(input.purpose);
    await this.d.captcha.requireTicket(
      input.ticket,
      input.purpose === 'register' ? 'register' : 'reset',
      await this.captchaStrictness(input),
    );
    const address = to();
    const owner =
      address.channel === 'sms'
        ? await this.d.members.byPhone(address.target)
        : await this.d.members.byEmail(address.target);
    if (input.purpose === 'register') await this.d.registrations.check(input.ip);
    await this.d.codes.send(
      { ...address, purpose: input.purpose, ip: input.ip, lang: input.lang },
      {
        deliver: input.purpose === 'register' || owner !== undefined,
        ...(input.purpose === 'register' && owner
          ? { notice: attemptNotice('signupAttempt', owner.lang, address.channel) }
          : {}),
      },
    );
    return codeSent();
  }

  /**
   * A public code send from an address past a soft line (its sign-ups, codes or SMS; rate-limit/address-limits.ts)
   * takes only a freshly solved captcha (-105 otherwise, and the page shows a new picture), where a hard refusal
   * would shut out everyone behind a carrier's shared address. The ceilings still refuse.
   */
  private async captchaStrictness(input: { purpose: string; ip: string }) {
    const past =
      (input.purpose === 'register' && (await this.d.registrations.pastSoftLine(input.ip))) ||
      (await this.d.codes.pastSoftLine(input.ip));
    return past ? { solvedWithinMs: freshCaptchaMs } : {};
  }

  async registerByEmail(input: {
    email: string;
    pwd: string;
    rePwd: string;
    code: string | undefined;
    lang: LanguageCode;
    ip: string;
  }) {
    return this.d.registrations.within(input.ip, async () => {
      const email = input.email.toLowerCase();
      const [password, confirmation] = await this.d.rsa.decryptPasswords([input.pwd, input.rePwd]);
      this.checkNewPassword(password, changeRefusals.email);
      if (password !== confirmation) this.refuse(codes.passportPasswordsDiffer);
      // The code first: an address with an account was never sent one, so a stranger is refused like a wrong
      // code, and only someone who got a code (the address was free then) can learn it was taken since.
      await this.d.codes.check({ channel: 'email', target: email, purpose: 'register', code: input.code });
      if (await this.d.members.byEmail(email)) this.refuse(codes.passportEmailRegistered);
      const created = await this.d.members.create({
        userId: email,
        email,
        nickName: await this.freshNickname(email),
        loginType: 0,
        passwordHash: await this.d.hasher.hash(password!),
        lang: input.lang,
      });
      return { mid: created.mid, nickName: created.nickName };
    });
  }

  /**
   * A login. The address's count comes first (it slows the answer and, past a threshold, asks for a freshly
   * solved captcha), then a try counted on the account (or on the unknown name, which is tried like one: its own
   * counter, a password check against a dummy hash, the same answer as a wrong password), then the captcha: a
   * soft-locked account (5 wrong passwords in a day) takes only a freshly solved one, and waits a little longer
   * each time. The right password with the captcha solved always gets in; the wrong one that soft-locks the
   * account tells its owner (once per episode). Never a lockout: nobody can shut an owner out by their name.
   */
  async login(
    flavour: keyof typeof loginRefusals,
    input: { user: string; pwd: string; ticket: string; keep: boolean },
    client: LoginClient,
  ): Promise<{ user: UserInfo; session: OpenedSession }> {
    const refusal = loginRefusals[flavour];
    const address = await this.d.lockout.beginAddressAttempt(ipKey(client.ip));
    let failed = false;
    try {
      const user = input.user.trim();
      const name = user.includes('@') ? user.toLowerCase() : user.replace(/\D/g, '');
      const found = user.includes('@')
        ? await this.d.members.byEmail(name)
        : await this.d.members.byPhone(name);
      const attempt = await this.d.lockout.beginLoginTry(
        found?.passwordHash ? loginKey(found.mid) : loginNameKey(name),
      );
      let password: string | undefined;
      try {
        await this.d.captcha.requireTicket(
          input.ticket,
          'login',
          address.tightened || attempt.softLocked ? { solvedWithinMs: freshCaptchaMs } : {},
        );
        password = await this.d.rsa.decryptPassword(input.pwd);
      } catch (error) {
        // No password was tried: the account's count is given back.
        await attempt.release();
        throw error;
      }
      const right = await this.d.hasher.verifyOrDummy(found?.passwordHash, password!);
      if (!right || !found) {
        failed = true;
        if (attempt.locks && found) await this.d.security.loginFailuresNotice(found);
        this.refuse(refusal.wrong);
      }
      await attempt.succeeded();
      const session = await openSession(
        this.d.sessions,
        found.mid,
        input.keep,
        client.sessionId,
        this.d.now(),
      );
      return { user: userInfoOf(found), session };
    } finally {
      // Only a wrong password (or an unknown name) counts against the address.
      if (!failed) await address.release();
    }
  }

  /** Phone numbers are stored as E.164 digits: the calling code, then the number without its trunk 0. */
  phoneOf(cid: number, tel: string): string {
    if (!isKnownCallingCode(cid)) this.refuse(codes.passportPhoneInvalid);
    const national = tel.replace(/^0+/, '');
    const phone = `${cid}${national}`;
    if (national.length < 5 || phone.length > 15) this.refuse(codes.passportPhoneInvalid);
    return phone;
  }

  async sendSmsCode(input: {
    cid: number;
    tel: string;
    purpose: string;
    ticket: string;
    ip: string;
    lang: LanguageCode;
  }) {
    return this.sendPublicCode(input, () => ({
      channel: 'sms',
      target: this.phoneOf(input.cid, input.tel),
      callingCode: input.cid,
    }));
  }

  async checkSmsCode(input: { cid: number; tel: string; code: string | undefined; purpose: string }) {
    const phone = this.phoneOf(input.cid, input.tel);
    await this.d.codes.check({
      channel: 'sms',
      target: phone,
      purpose: input.purpose,
      code: input.code,
      consume: false,
    });
    return { valid: true as const };
  }

  async registerByPhone(input: {
    cid: number;
    tel: string;
    code?: string | undefined;
    nickName?: string | undefined;
    pwd: string;
    repeatPwd: string;
    lang: LanguageCode;
    ip: string;
  }) {
    return this.d.registrations.within(input.ip, async () => {
      const phone = this.phoneOf(input.cid, input.tel);
      const nickName = checkNickname(input.nickName);
      const [password, confirmation] = await this.d.rsa.decryptPasswords([input.pwd, input.repeatPwd]);
      this.checkNewPassword(password, changeRefusals.phone);
      if (password !== confirmation) this.refuse(codes.passportPhonePasswordsDiffer);
      if (await this.d.members.nicknameTaken(nickName)) this.refuse(codes.passportNicknameTaken);
      // The code before the number's account, as for e-mail: a stranger cannot tell a registered number.
      await this.d.codes.check({ channel: 'sms', target: phone, purpose: 'register', code: input.code });
      if (await this.d.members.byPhone(phone)) this.refuse(codes.passportPhoneExists);
      const created = await this.d.members.create({
        userId: phone,
        phone,
        nickName,
        loginType: 0,
        passwordHash: await this.d.hasher.hash(password!),
        lang: input.lang,
      });
      return { mid: created.mid, nickName: created.nickName };
    });
  }

  async checkResetEmailCode(email: string, code: string | undefined) {
    await this.d.codes.check({
      channel: 'email',
      target: email.toLowerCase(),
      purpose: 'reset',
      code,
      consume: false,
    });
    return { valid: true as const };
  }

  /** Reset with a code (SMS to the phone, or the e-mail code): a new password, every session ended. */
  async resetWithCode(
    input: ({ cid: number; tel: string } | { email: string }) & {
      code: string | undefined;
      pwd: string;
      again: string;
    },
  ) {
    const byPhone = 'cid' in input;
    const target = byPhone ? this.phoneOf(input.cid, input.tel) : input.email.toLowerCase();
    const [password, confirmation] = await this.d.rsa.decryptPasswords([input.pwd, input.again]);
    this.checkNewPassword(password, byPhone ? changeRefusals.phone : changeRefusals.email);
    if (password !== confirmation)
      this.refuse(byPhone ? codes.passportPhonePasswordsDiffer : codes.passportPasswordsDiffer);
    const channel = byPhone ? 'sms' : 'email';
    // The code first: only its owner learns whether the address has an account (an address without one was
    // "sent" a code nobody received, so every guess is refused like a wrong code).
    await this.d.codes.check({ channel, target, purpose: 'reset', code: input.code });
    const owner = byPhone ? await this.d.members.byPhone(target) : await this.d.members.byEmail(target);
    // The account was deleted or changed its address since the code was sent.
    if (!owner) this.refuse(byPhone ? codes.passportSmsCodeExpired : codes.passportEmailCodeExpired);
    await this.d.members.setPassword(owner.mid, await this.d.hasher.hash(password!), this.d.now());
    await this.d.sessions.revokeAllOf(owner.mid, this.d.now());
    await this.d.lockout.recordSuccess(accountKey(owner.mid));
    await this.d.voidResetLinks(owner);
    return null;
  }

  private async accountMember(mid: number): Promise<MemberRow> {
    const row = await this.d.members.byMid(mid);
    // Bindings and passwords belong to account-type members; third-party members have neither (spec 4).
    if (!row || row.loginType !== 0) this.refuse(codes.cannotOperate);
    return row;
  }

  /**
   * A bind send: a slot of the member's daily bind sends, then the code. A new address that another account
   * holds is answered exactly like a free one - a code "goes out" - but none that works is sent to it: its owner
   * is told someone tried to link it, and the code stored (which nobody sees) makes the check and the bind refuse
   * every guess like a wrong code. The member's own address is their own business, so it is named.
   */
  private async sendBindCode(
    row: MemberRow,
    request: Omit<CodeRequest, 'purpose'>,
    takenBy: MemberRow | undefined,
  ) {
    const daily = request.channel === 'sms' ? codes.passportSmsDailyLimit : codes.passportEmailDailyLimit;
    const limit = {
      key: `bind-send:${row.mid}`,
      windowMs: 86_400_000,
      max: bindLimits.sendsPerMemberPerDay,
      refusal: () => new AppError(daily, { domain: 'passport', status: 429 }),
    };
    await withinLimits(this.d.counters, [limit], this.d.now(), () =>
      this.d.codes.send(
        { ...request, purpose: `bind:${row.mid}` },
        takenBy ? { notice: attemptNotice('bindAttempt', takenBy.lang, request.channel) } : {},
      ),
    );
    return codeSent();
  }

  async sendBindEmailCode(
    mid: number,
    input: { email: string; type?: 'bind' | 'old'; ticket: string; ip: string; lang: LanguageCode },
  ) {
    await this.d.captcha.requireTicket(input.ticket, 'account');
    const row = await this.accountMember(mid);
    const email = input.email.toLowerCase();
    const request = { channel: 'email' as const, target: email, ip: input.ip, lang: input.lang };
    if ((input.type ?? 'bind') === 'bind') {
      if (row.email === email) this.refuse(codes.passportEmailRegistered);
      return this.sendBindCode(row, request, await this.d.members.byEmail(email));
    }
    // A code to the address bound now, to prove it is the member before a sensitive change.
    if (row.email !== email) this.refuse(codes.passportPhoneNotBound);
    await this.d.codes.send({ ...request, purpose: `old:${mid}` });
    return codeSent();
  }

  async checkBindEmailCode(mid: number, input: { email: string; code: string | undefined }) {
    const target = input.email.toLowerCase();
    await this.d.codes.check({
      channel: 'email',
      target,
      purpose: `bind:${mid}`,
      code: input.code,
      consume: false,
    });
    return { valid: true as const };
  }

  /**
   * The owner's proof before an e-mail or a phone changes: the current password, counted against the
   * account's lockout like a login (a stolen session cannot guess it), or one of the member's own passkeys
   * (counted the same way). Answers in the call's family.
   */
  private async proveOwner(
    row: MemberRow,
    proof: { pwd?: string | undefined; passkey?: Record<string, unknown> | undefined },
    family: 'email' | 'phone',
  ) {
    if (proof.passkey) return this.d.passkeyProof(row.mid, proof.passkey);
    const refusal = changeRefusals[family];
    if (!proof.pwd) this.refuse(codes.passportPasswordRequired);
    const password = await this.d.rsa.decryptPassword(proof.pwd);
    const attempt = await this.d.lockout.beginTry(accountKey(row.mid));
    if (!attempt) this.refuse(loginRefusals[family === 'email' ? 'web' : 'game'].locked);
    if (!row.passwordHash || !(await this.d.hasher.verify(row.passwordHash, password!))) {
      this.refuse(refusal.oldWrong);
    }
    await this.d.lockout.recordSuccess(accountKey(row.mid));
  }

  /**
   * Binds or changes the e-mail: the current password, a code to the new address and, when one is bound, a code
   * to the old address (captchaAuthSend type `old`). The codes are used only once everything is right, so a
   * typo keeps them usable. Other sessions end; the old address (and a bound phone) is told.
   */
  async bindEmail(
    member: { mid: number; sessionIdHash: string },
    input: {
      email: string;
      code: string | undefined;
      pwd?: string | undefined;
      passkey?: Record<string, unknown> | undefined;
      oldCode?: string | undefined;
    },
  ) {
    const row = await this.accountMember(member.mid);
    const email = input.email.toLowerCase();
    if (row.email === email) this.refuse(codes.passportEmailRegistered);
    // The owner first: whether another account holds the address is no business of a stolen session's.
    await this.proveOwner(row, input, 'email');
    const oldCode = row.email && {
      channel: 'email' as const,
      target: row.email,
      purpose: `old:${member.mid}`,
      code: input.oldCode,
    };
    if (oldCode) {
      if (!input.oldCode?.trim()) this.refuse(codes.passportOldEmailCodeRequired);
      await this.d.codes.check({ ...oldCode, consume: false });
    }
    const newCode = {
      channel: 'email' as const,
      target: email,
      purpose: `bind:${member.mid}`,
      code: input.code,
    };
    await this.d.codes.check({ ...newCode, consume: false });
    // Taken (since the code went out, or all along, when its code was never delivered): a wrong code, as ever.
    if (await this.d.members.byEmail(email)) this.refuse(codes.passportEmailCodeWrong);
    if (oldCode) await this.d.codes.check(oldCode);
    await this.d.codes.check(newCode);
    return userInfoOf(await this.d.security.changeContact(row, { email }, member.sessionIdHash));
  }

  /**
   * `bind`: a code to the new number (answered alike whether another account has it: `sendBindCode`); `old`: a
   * code to the number bound now.
   */
  async sendPhoneCode(
    mid: number,
    input: { cid: number; tel: string; type: 'bind' | 'old'; ticket: string; ip: string; lang: LanguageCode },
  ) {
    await this.d.captcha.requireTicket(input.ticket, 'account');
    const row = await this.accountMember(mid);
    const phone = this.phoneOf(input.cid, input.tel);
    const request = {
      channel: 'sms' as const,
      target: phone,
      ip: input.ip,
      lang: input.lang,
      callingCode: input.cid,
    };
    if (input.type === 'bind') {
      if (row.phone === phone) this.refuse(codes.passportPhoneAlreadyBound);
      return this.sendBindCode(row, request, await this.d.members.byPhone(phone));
    }
    if (!row.phone) this.refuse(codes.passportPhoneNotBound);
    if (row.phone !== phone) this.refuse(codes.passportPhoneMismatch);
    await this.d.codes.send({ ...request, purpose: `old:${mid}` });
    return codeSent();
  }

  async checkPhoneCode(
    mid: number,
    input: { cid: number; tel: string; type: 'bind' | 'old'; code?: string | undefined },
  ) {
    const phone = this.phoneOf(input.cid, input.tel);
    await this.d.codes.check({
      channel: 'sms',
      target: phone,
      purpose: `${input.type}:${mid}`,
      code: input.code,
      consume: false,
    });
    return { valid: true as const };
  }

  /**
   * Binds a phone, or changes it (spec 7 /web/user/handle/tel): the current password, a code to the new number
   * and, when one is bound, a code to the old number. Other sessions end; the old number (and a bound e-mail)
   * is told.
   */
  async handleTel(
    member: { mid: number; sessionIdHash: string },
    input: {
      cid: number;
      tel: string;
      code?: string | undefined;
      oldCode?: string | undefined;
      pwd?: string | undefined;
      passkey?: Record<string, unknown> | undefined;
    },
  ) {
    const { mid } = member;
    const row = await this.accountMember(mid);
    const phone = this.phoneOf(input.cid, input.tel);
    if (row.phone === phone) this.refuse(codes.passportPhoneAlreadyBound);
    // The owner first, as for e-mail; a number another account holds then fails like a wrong code.
    await this.proveOwner(row, input, 'phone');
    const oldCode = row.phone && {
      channel: 'sms' as const,
      target: row.phone,
      purpose: `old:${mid}`,
      code: input.oldCode,
    };
    if (oldCode) {
      if (!input.oldCode?.trim()) this.refuse(codes.passportOldPhoneCodeRequired);
      await this.d.codes.check({ ...oldCode, consume: false });
    }
    const newCode = { channel: 'sms' as const, target: phone, purpose: `bind:${mid}`, code: input.code };
    await this.d.codes.check({ ...newCode, consume: false });
    if (await this.d.members.byPhone(phone)) this.refuse(codes.passportSmsCodeWrong);
    if (oldCode) await this.d.codes.check(oldCode);
    await this.d.codes.check(newCode);
    return userInfoOf(await this.d.security.changeContact(row, { phone }, member.sessionIdHash));
  }

  /** Account settings: a new password with the old one (spec 5: must differ from the old, rules, confirmation). */
  /**
   * The three change-password calls of spec 7: with the old password only (`email`), or with a code to the
   * member's bound e-mail (`email` + code) or bound phone (`phone` + code). Each answers in its own codes.
   */
  async changePassword(
    member: { mid: number; sessionIdHash: string },
    input: {
      /** Left out with a code: a member who forgot the old password proves the account by the code alone. */
      old?: string | undefined;
      next: string;
      again: string;
      code?: { channel: 'email' | 'sms'; value: string | undefined };
    },
  ) {
    const refusal = input.code?.channel === 'sms' ? changeRefusals.phone : changeRefusals.email;
    if (input.old === undefined && !input.code) this.refuse(codes.passportPasswordRequired);
    const [next, again, old] = await this.d.rsa.decryptPasswords(
      input.old === undefined ? [input.next, input.again] : [input.next, input.again, input.old],
    );
    const row = await this.d.members.byMid(member.mid);
    if (!row?.passwordHash) this.refuse(codes.cannotOperate); // third-party members have no password to change
    // The code is checked first but used only once everything else is right, so a typo keeps it usable.
    const code = input.code && {
      channel: input.code.channel,
      target:
        (input.code.channel === 'sms' ? row.phone : row.email) ?? this.refuse(codes.passportPhoneNotBound),
      purpose: `old:${member.mid}`,
      code: input.code.value,
    };
    if (code) await this.d.codes.check({ ...code, consume: false });
    if (old !== undefined) {
      const attempt = await this.d.lockout.beginTry(accountKey(member.mid));
      if (!attempt) this.refuse(codes.passportTooManyLogins);
      if (!(await this.d.hasher.verify(row.passwordHash, old))) this.refuse(refusal.oldWrong);
      await this.d.lockout.recordSuccess(accountKey(member.mid));
    }
    this.checkNewPassword(next, refusal);
    if (next !== again) this.refuse(refusal.differ);
    // SPEC 5: the new one must differ from the old, known or not.
    if (next === old || (old === undefined && (await this.d.hasher.verify(row.passwordHash, next!))))
      this.refuse(refusal.same);
    if (code) await this.d.codes.check(code);
    await this.d.members.setPassword(member.mid, await this.d.hasher.hash(next!), this.d.now());
    // Anyone else holding a session of this account is logged out; the member keeps the session they used.
    await this.d.sessions.revokeOthers(member.mid, member.sessionIdHash, this.d.now());
    return null;
  }
}
