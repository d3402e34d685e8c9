/**
 * What the passport screens do before the calls under test, for API tests: solve the graphic captcha (the test
 * app accepts CAPTCHA_TEST_ANSWER), seal passwords as the browser's Web Crypto does, read a code from the outbox.
 */
import type { FastifyInstance } from 'fastify';
import type { CaptchaAction } from '@gp/contracts/passport';
import { eq, like } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { authLockout, verificationCode } from '../src/db/schema/passport.schema.ts';
import { outbox } from '../src/modules/messaging/index.ts';
import { encryptPassword } from '../src/modules/accounts/index.ts';

/** The answer every graphic captcha accepts in tests that start the app with `CAPTCHA_TEST_ANSWER: 'pass'`. */
export const captchaAnswer = 'pass';

/**
 * A solved captcha's one-time ticket, which calls that need a captcha take as `captcha`; good only for the calls
 * of `action` (a login, a sign-up or reset code, the member's own code sends).
 */
export async function captchaTicket(
  app: FastifyInstance,
  ip = '127.0.0.1',
  action: CaptchaAction = 'login',
): Promise<string> {
  const created = await postForm(app, '/passport/web/captcha/img/captcha', {}, ip);
  const solved = await postForm(
    app,
    '/passport/web/captcha/verify/captcha',
    { img_token: String(created.data!.img_token), captcha: captchaAnswer, action },
    ip,
  );
  return String(solved.data!.ticket);
}

/** Passwords sealed under one fresh nonce, as one form submission sends them. */
export async function sealPasswords(app: FastifyInstance, ...passwords: string[]): Promise<string[]> {
  const key = (await app.inject({ url: '/passport/web/rsa_public' })).json().data;
  return passwords.map((p) => encryptPassword(key.public_key, key.nonce, p));
}

/** The 6-digit code of the newest message to `recipient` (an e-mail, or a phone as E.164 digits). */
export async function latestCode(db: Db, recipient: string): Promise<string> {
  const [message] = await outbox.latest(db, { recipient: recipient.toLowerCase(), limit: 1 });
  const code = message?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/**
 * Codes go out once a minute per target; tests move the earlier ones, and the once-a-minute counter's window,
 * back in time instead of waiting.
 */
export async function backdateCodes(db: Db, target: string): Promise<void> {
  const earlier = new Date(Date.now() - 120_000);
  await db.update(verificationCode).set({ createdAt: earlier }).where(eq(verificationCode.target, target));
  await db
    .update(authLockout)
    .set({ windowStartedAt: earlier })
    .where(like(authLockout.key, `code-soon:%:${target}`));
}

/** A public call's envelope, as the form posts below read it. */
export type FormAnswer = { code: number; message: string; data: Record<string, unknown> | null };

/** A form post as the passport pages send it, from the client address `ip`: its envelope. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  form: Record<string, string>,
  ip = '127.0.0.1',
): Promise<FormAnswer> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
  return res.json() as FormAnswer;
}
