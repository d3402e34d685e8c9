/**
 * Who is calling a member call: the HttpOnly session cookie names a live session (stored hashed), and the `ct`
 * parameter must equal both the readable `joy_jct` cookie and the session's token (double submit, DESIGN
 * section 6). No session: -101; a token that does not match: -110.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { clientAddress } from '../../http/client-address.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedMember } from '../../http/callers.ts';

export type { AuthenticatedMember };
import { SessionRepository } from './session.repository.ts';
import { hashSessionId, hostOnlyInProduction, newToken } from '../sessions/index.ts';

export const sessionCookie = 'joy_sid';
export const csrfCookie = 'joy_jct';
/** The browser's long-lived random id (for the new-device notice); HttpOnly, API host only. */
export const deviceCookie = 'joy_dev';

/**
 * The session cookie's name: in production `__Host-joy_sid`, which browsers accept only host-only (no Domain),
 * Secure and on Path=/, so no other host of the domain can set or overwrite a player's session. Only the API
 * host reads it. The CSRF cookie keeps its name and COOKIE_DOMAIN: the apps' pages must read it.
 */
export function sessionCookieName(env: Pick<Env, 'NODE_ENV'>): string {
  return env.NODE_ENV === 'production' ? `__Host-${sessionCookie}` : sessionCookie;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** How often a session's "last seen" is written: member calls within this of the last write do not write. */
const touchEveryMs = 5 * 60_000;

export function memberAuthenticator(db: Db, options: { now: Clock }) {
  const sessions = new SessionRepository(db);
  return async (request: FastifyRequest, input: Record<string, unknown>): Promise<AuthenticatedMember> => {
    const sid = request.cookies[sessionCookieName(request.server.env)];
    if (!sid) throw new AppError(codes.notLoggedIn, { domain: 'passport' });
    const sessionIdHash = hashSessionId(sid);
    const found = await sessions.findActive(sessionIdHash, options.now());
    if (!found) throw new AppError(codes.notLoggedIn, { domain: 'passport' });
    const ct = typeof input.ct === 'string' ? input.ct : '';
    const cookieToken = request.cookies[csrfCookie] ?? '';
    if (!ct || !same(ct, cookieToken) || !same(ct, found.csrfToken)) {
      throw new AppError(codes.csrf, { domain: 'passport' });
    }
    const { csrfToken: _, lastSeenAt, ...member } = found;
    const now = options.now();
    if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= touchEveryMs) {
      await sessions.touch(sessionIdHash, now, new Date(now.getTime() - touchEveryMs));
    }
    return { ...member, sessionIdHash };
  };
}

/**
 * The member whose session cookie a request carries, or undefined: for a download the browser opens itself
 * (`<img src>`), which cannot carry `ct` (a read with no effect; SameSite=Lax keeps other sites from sending it).
 */
export async function memberOfCookie(
  db: Db,
  request: FastifyRequest,
  at: Date,
): Promise<{ mid: number } | undefined> {
  const sid = request.cookies[sessionCookieName(request.server.env)];
  const found = sid ? await new SessionRepository(db).findActive(hashSessionId(sid), at) : undefined;
  return found ? { mid: found.mid } : undefined;
}

export function cookieOptions(env: Env) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: env.NODE_ENV === 'production',
    ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}),
  };
}

/** A session a login opened: its id (the HttpOnly cookie), its CSRF token, and until when it lasts. */
export interface OpenedSession {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  /** Kept across browser restarts: the cookies last until `expiresAt` instead of until the browser closes. */
  persistent: boolean;
}

/** What a login needs of the browser: its address, and the session id it still carries, if any. */
export interface LoginClient {
  ip: string;
  sessionId: string | undefined;
}

export function loginClientOf(request: FastifyRequest): LoginClient {
  return { ip: clientAddress(request), sessionId: request.cookies[sessionCookieName(request.server.env)] };
}

/** What the session list and the new-device notice know of the browser that logged in. */
export interface LoginBrowser {
  ip: string;
  userAgent: string;
  deviceId: string | undefined;
}

export function loginBrowserOf(request: FastifyRequest): LoginBrowser {
  return {
    ip: clientAddress(request),
    userAgent: request.headers['user-agent'] ?? '',
    deviceId: request.cookies[deviceCookieName(request.server.env)],
  };
}

export function deviceCookieName(env: Pick<Env, 'NODE_ENV'>): string {
  return env.NODE_ENV === 'production' ? `__Host-${deviceCookie}` : deviceCookie;
}

/**
 * The device cookie: host-only on the API host that serves the passport calls, HttpOnly, and as long as browsers
 * keep a cookie (400 days), renewed by every login.
 */
export function setDeviceCookie(reply: FastifyReply, env: Env, deviceId: string, now: Date) {
  reply.setCookie(deviceCookieName(env), deviceId, {
    path: '/',
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    httpOnly: true,
    expires: new Date(now.getTime() + 400 * day),
  });
}

/** Sets the pair of cookies of a new session. */
export function setSessionCookies(reply: FastifyReply, env: Env, session: OpenedSession) {
  const base = { ...cookieOptions(env), ...(session.persistent ? { expires: session.expiresAt } : {}) };
  reply.setCookie(sessionCookieName(env), session.id, {
    ...base,
    ...hostOnlyInProduction(env),
    httpOnly: true,
  });
  reply.setCookie(csrfCookie, session.csrfToken, { ...base, httpOnly: false });
}

const day = 86_400_000;

/**
 * How long a member session lasts. It ends after `idleLimits` of no use (session.repository.ts:
 * 30 days for "keep me logged in", a day otherwise, counted from `last_seen_at`) and, however much it is used,
 * at its absolute end: 90 days, or 7 days for one that ends with the browser.
 */
export const sessionLifetimeMs = { persistent: 90 * day, browser: 7 * day } as const;

/**
 * Opens a session after a login: a fresh id every time (the browser's previous one, if any, is revoked, so a
 * planted id never becomes a logged-in one). `keep`: across browser restarts; otherwise until the browser
 * closes. Either ends at its absolute end (`sessionLifetimeMs`), or earlier when unused (`idleLimits`). The caller
 * sets the cookies (`setSessionCookies`).
 */
export async function openSession(
  sessions: SessionRepository,
  mid: number,
  keep: boolean,
  previousId: string | undefined,
  now: Date,
): Promise<OpenedSession> {
  if (previousId) await sessions.revoke(hashSessionId(previousId), now);
  const id = newToken(32);
  const csrfToken = newToken(24);
  const expiresAt = new Date(
    now.getTime() + (keep ? sessionLifetimeMs.persistent : sessionLifetimeMs.browser),
  );
  await sessions.create({
    idHash: hashSessionId(id),
    mid,
    csrfToken,
    expiresAt,
    persistent: keep,
    createdAt: now,
  });
  return { id, csrfToken, expiresAt, persistent: keep };
}

export function clearSessionCookies(reply: FastifyReply, env: Env) {
  const base = cookieOptions(env);
  reply.clearCookie(sessionCookieName(env), { ...base, ...hostOnlyInProduction(env) });
  reply.clearCookie(csrfCookie, base);
}
