/**
 * Who is calling a member call: the HttpOnly session cookie names a live session (stored hashed), and the `ct`
 * parameter must equal both the readable `joy_jct` cookie and the session's token (double submit, DESIGN
 * section 6). No session: -101; a token that does not match: -110.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codes } from '@gp/errors';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionRepository } from './session.repository.ts';

export const sessionCookie = 'joy_sid';
export const csrfCookie = 'joy_jct';

/**
 * The session cookie's name: in production `__Host-joy_sid`, which browsers accept only host-only (no Domain),
 * Secure and on Path=/, so no other host of the domain can set or overwrite a player's session. Only the API
 * host reads it. The CSRF cookie keeps its name and COOKIE_DOMAIN: the apps' pages must read it.
 */
export function sessionCookieName(env: Pick<Env, 'NODE_ENV'>): string {
  return env.NODE_ENV === 'production' ? `__Host-${sessionCookie}` : sessionCookie;
}

export interface AuthenticatedMember {
  mid: number;
  userId: string;
  nickName: string;
  loginType: number;
  /** Hash of the session id, to revoke exactly this session. */
  sessionIdHash: string;
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** 128 bits and more of randomness, URL-safe. */
export function newToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function memberAuthenticator(sessions: SessionRepository) {
  return async (request: FastifyRequest, input: Record<string, unknown>): Promise<AuthenticatedMember> => {
    const sid = request.cookies[sessionCookieName(request.server.env)];
    if (!sid) throw new AppError(codes.notLoggedIn, { domain: 'passport' });
    const sessionIdHash = hashSessionId(sid);
    const found = await sessions.findActive(sessionIdHash);
    if (!found) throw new AppError(codes.notLoggedIn, { domain: 'passport' });
    const ct = typeof input.ct === 'string' ? input.ct : '';
    const cookieToken = request.cookies[csrfCookie] ?? '';
    if (!ct || !same(ct, cookieToken) || !same(ct, found.csrfToken)) {
      throw new AppError(codes.csrf, { domain: 'passport' });
    }
    const { csrfToken: _, ...member } = found;
    return { ...member, sessionIdHash };
  };
}

export function cookieOptions(env: Env) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: env.NODE_ENV === 'production',
    ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}),
  };
}

/** What the `__Host-` prefix demands of a session cookie in production: no Domain (host-only). */
export function hostOnlyInProduction(env: Pick<Env, 'NODE_ENV'>): { domain?: undefined } {
  return env.NODE_ENV === 'production' ? { domain: undefined } : {};
}

/** Sets the pair of cookies of a new session; without `expires` they last until the browser closes. */
export function setSessionCookies(
  reply: FastifyReply,
  env: Env,
  sid: string,
  csrfToken: string,
  expires?: Date,
) {
  const base = { ...cookieOptions(env), ...(expires ? { expires } : {}) };
  reply.setCookie(sessionCookieName(env), sid, { ...base, ...hostOnlyInProduction(env), httpOnly: true });
  reply.setCookie(csrfCookie, csrfToken, { ...base, httpOnly: false });
}

const day = 86_400_000;

/**
 * Starts a session after a login: a fresh id every time (the browser's previous one, if any, is revoked, so a
 * planted id never becomes a logged-in one). `keep`: 30 days across browser restarts; otherwise until the
 * browser closes, at most a day.
 */
export async function startSession(
  deps: { sessions: SessionRepository; env: Env },
  mid: number,
  keep: boolean,
  http: { request: FastifyRequest; reply: FastifyReply },
) {
  const previous = http.request.cookies[sessionCookieName(deps.env)];
  if (previous) await deps.sessions.revoke(hashSessionId(previous));
  const sid = newToken(32);
  const csrfToken = newToken(24);
  const expiresAt = new Date(Date.now() + (keep ? 30 * day : day));
  await deps.sessions.create({ idHash: hashSessionId(sid), mid, csrfToken, expiresAt });
  setSessionCookies(http.reply, deps.env, sid, csrfToken, keep ? expiresAt : undefined);
}

export function clearSessionCookies(reply: FastifyReply, env: Env) {
  const base = cookieOptions(env);
  reply.clearCookie(sessionCookieName(env), { ...base, ...hostOnlyInProduction(env) });
  reply.clearCookie(csrfCookie, base);
}
