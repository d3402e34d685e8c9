/**
 * A fresh e-mail member, signed up and logged in through the passport calls the passport screens make (graphic
 * captcha with the e2e server's fixed answer, the e-mail code from the dev mailbox, passwords sealed RSA-OAEP
 * SHA-256 as `<nonce>:<password>` under /passport/web/rsa_public's key, as the browser's Web Crypto does).
 * `auth.spec.ts` drives these screens themselves; journeys that only need someone logged in start here.
 *
 * Pass the page's own `page.request`: it shares the browser context's cookies, so the login answer's session
 * cookies (`joy_sid` HttpOnly, `joy_jct` readable; host-only on localhost, SameSite=Lax, so every app port
 * sends them) log the browser in as well.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API } from './hosts.ts';
import { readMail } from './mailbox.ts';

/** The e2e server runs with CAPTCHA_TEST_ANSWER (playwright.config.ts); production refuses that setting. */
export const captchaAnswer = 'pass';

export interface Member {
  email: string;
  password: string;
  mid: number;
  nickName: string;
}

async function data<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what} answered HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; message?: string; data: T };
  expect(body.code, `envelope code of ${what} (${body.message ?? ''})`).toBe(0);
  return body.data;
}

const post = <T>(request: APIRequestContext, path: string, form: Record<string, string>) =>
  request.post(`${API}/passport${path}`, { form }).then((r) => data<T>(r, `POST /passport${path}`));

/** A solved graphic captcha's one-time ticket, good only for `action` (a login, a sign-up code...). */
export async function captchaTicket(
  request: APIRequestContext,
  action: 'login' | 'register' | 'reset' | 'account',
): Promise<string> {
  const { img_token } = await post<{ img_token: string }>(request, '/web/captcha/img/captcha', {});
  const { ticket } = await post<{ ticket: string }>(request, '/web/captcha/verify/captcha', {
    img_token,
    captcha: captchaAnswer,
    action,
  });
  return ticket;
}

/** Passwords sealed under one fresh nonce, as one form submission sends them. */
export async function seal(request: APIRequestContext, ...passwords: string[]): Promise<string[]> {
  const key = await data<{ public_key: string; nonce: string }>(
    await request.get(`${API}/passport/web/rsa_public`),
    'GET /passport/web/rsa_public',
  );
  return passwords.map((password) =>
    publicEncrypt(
      { key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(`${key.nonce}:${password}`),
    ).toString('base64'),
  );
}

/** Signs up `email` with the code the outbox holds for it. */
export async function signUp(request: APIRequestContext, email: string, password: string): Promise<Member> {
  await post(request, '/web/captcha/generic/send', {
    user: email,
    type: 'register',
    captcha: await captchaTicket(request, 'register'),
  });
  const code = await readMail(request, email, /\b\d{6}\b/);
  const [pwd, rePwd] = await seal(request, password, password);
  const created = await post<{ mid: number; nickName: string }>(request, '/web/reg/email', {
    user: email,
    pwd: pwd!,
    rePwd: rePwd!,
    captcha: code,
  });
  return { email, password, ...created };
}

/** Logs in as the passport login form does; the answer sets the session cookies on `request`'s context. */
export async function logIn(request: APIRequestContext, member: Pick<Member, 'email' | 'password'>) {
  const [pwd] = await seal(request, member.password);
  await post(request, '/web/game/login', {
    user: member.email,
    pwd: pwd!,
    captcha: await captchaTicket(request, 'login'),
  });
}

/**
 * A new member, logged in on the context `request` belongs to (pass `page.request`). `tag` keeps e-mails of
 * parallel tests apart.
 */
export async function newMember(request: APIRequestContext, tag: string): Promise<Member> {
  const email = `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const member = await signUp(request, email, 'Secret123');
  await logIn(request, member);
  return member;
}

/** The `ct` a member call sends: the readable CSRF cookie of the logged-in context. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const token = cookies.find((c) => c.name === 'joy_jct')?.value;
  expect(token, 'the context has no joy_jct cookie: not logged in').toBeTruthy();
  return token!;
}
