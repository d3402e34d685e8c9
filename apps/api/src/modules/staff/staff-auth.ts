/**
 * Who is calling a staff call (`auth: 'staff'`, DESIGN section 6 "Staff console"). Staff sessions are their own:
 * the HttpOnly `gp_staff_sid` cookie names a live staff session (stored hashed), and the `ct` parameter must
 * equal both the readable `gp_staff_jct` cookie and the session's token (double submit), on every staff call.
 * Then the call's declared privilege (`defineStaffCall`) is checked against the account's privileges, read fresh
 * on every call, so a change takes effect at once.
 *
 * Refusals, in this order: -101 no live session (none, expired, idle, revoked, or the account blocked or
 * deleted); -110 CSRF token missing or wrong; -40007 the password is a one-time password and the call is not a
 * `self` call; -40020 the session did not pass a second factor (opened by a password alone while the account had
 * none, and not enrolled in since) and the call is not a `self` call; -401 the
 * privilege is missing. A login that still owes its second step has no staff session at all (only the
 * `gp_staff_2fa` cookie, which no staff call reads).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallContract } from '@gp/contracts';
import type { LanguageCode } from '@gp/config';
import { privilegeId, staffRequirementOf, type StaffPrivilege } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { clientAddress } from '../../http/client-address.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedStaff } from '../../http/callers.ts';

export type { AuthenticatedStaff };
import { hashSessionId, hostOnlyInProduction, newToken } from '../sessions/index.ts';
import { StaffSessionRepository } from './staff-session.repository.ts';

export const staffSessionCookie = 'gp_staff_sid';
export const staffCsrfCookie = 'gp_staff_jct';
/** The pending login between a right password and the second step (HttpOnly; see second-factor.service.ts). */
export const staffPendingCookie = 'gp_staff_2fa';

/**
 * In production `__Host-gp_staff_sid`: host-only on the API host, Secure, Path=/, so no other host of the domain
 * can plant or overwrite a staff session (as `sessionCookieName` for players).
 */
export function staffSessionCookieName(env: Pick<Env, 'NODE_ENV'>): string {
  return env.NODE_ENV === 'production' ? `__Host-${staffSessionCookie}` : staffSessionCookie;
}

const minute = 60_000;
export const staffSessionPolicy = {
  /** A staff session lasts a working day at most... */
  maxAgeMs: 12 * 60 * minute,
  /** ...and ends after two idle hours. */
  idleMs: 2 * 60 * minute,
  /** How stale `last_seen_at` may get before a call refreshes it. */
  touchEveryMs: minute,
} as const;

export function hasPrivilege(staff: Pick<AuthenticatedStaff, 'privilegeIds'>, name: StaffPrivilege): boolean {
  return staff.privilegeIds.includes(privilegeId(name));
}

/**
 * Refuses unless the caller holds `name` (-401), has changed their one-time password (-40007) and has a second
 * factor (-40020).
 */
export function requirePrivilege(
  staff: Pick<AuthenticatedStaff, 'privilegeIds' | 'mustChangePassword' | 'secondFactor'>,
  name: StaffPrivilege,
): void {
  if (staff.mustChangePassword) throw new AppError(codes.staffPasswordChangeRequired);
  if (!staff.secondFactor) throw new AppError(codes.staffSecondFactorRequired);
  if (!hasPrivilege(staff, name)) throw new AppError(codes.accessDenied);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The live session the staff session cookie names, with its account, or undefined. */
async function liveSession(sessions: StaffSessionRepository, request: FastifyRequest, at: Date) {
  const sid = request.cookies[staffSessionCookieName(request.server.env)];
  if (!sid) return undefined;
  const sessionIdHash = hashSessionId(sid);
  const found = await sessions.findActive(
    sessionIdHash,
    at,
    new Date(at.getTime() - staffSessionPolicy.idleMs),
  );
  return found ? { ...found, sessionIdHash } : undefined;
}

function staffOfSession(
  found: NonNullable<Awaited<ReturnType<typeof liveSession>>>,
  request: FastifyRequest,
): AuthenticatedStaff {
  return {
    staffId: found.staffId,
    accountId: found.accountId,
    accountName: found.accountName,
    privilegeIds: found.privilegeIds,
    mustChangePassword: found.mustChangePassword,
    secondFactor: found.secondFactor,
    sessionIdHash: found.sessionIdHash,
    ip: clientAddress(request),
  };
}

export function staffAuthenticator(db: Db, options: { now: Clock }) {
  const sessions = new StaffSessionRepository(db);
  return async (
    request: FastifyRequest,
    input: Record<string, unknown>,
    call?: CallContract,
  ): Promise<AuthenticatedStaff> => {
    // Fail closed: a staff call that names no requirement is refused (registerCall refuses to register one).
    const requirement = call ? staffRequirementOf(call) : undefined;
    if (!requirement) throw new AppError(codes.accessDenied);
    const at = options.now();
    const found = await liveSession(sessions, request, at);
    if (!found) throw new AppError(codes.notLoggedIn);
    const ct = typeof input.ct === 'string' ? input.ct : '';
    const cookieToken = request.cookies[staffCsrfCookie] ?? '';
    if (!ct || !same(ct, cookieToken) || !same(ct, found.csrfToken)) throw new AppError(codes.csrf);
    const staff = staffOfSession(found, request);
    if (requirement !== 'self') requirePrivilege(staff, requirement);
    if (at.getTime() - found.lastSeenAt.getTime() > staffSessionPolicy.touchEveryMs) {
      await sessions.touch(found.sessionIdHash, at, new Date(at.getTime() - staffSessionPolicy.touchEveryMs));
    }
    return staff;
  };
}

/**
 * The staff member of a download the browser opens itself (a link, `<img src>`), which cannot carry `ct`: the
 * session cookie alone, enough for a read with no effect (SameSite=Strict keeps other sites from sending it).
 * Refusals as HTTP statuses too: -101 (401) no live session; -40007 / -401 (403) as `requirePrivilege`.
 */
export async function staffOfCookie(
  db: Db,
  request: FastifyRequest,
  privilege: StaffPrivilege,
  at: Date,
): Promise<AuthenticatedStaff> {
  const found = await liveSession(new StaffSessionRepository(db), request, at);
  if (!found) throw new AppError(codes.notLoggedIn, { status: 401 });
  const staff = staffOfSession(found, request);
  try {
    requirePrivilege(staff, privilege);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, { status: 403 });
    throw error;
  }
  return staff;
}

/**
 * Staff cookies: SameSite=Strict (the console and the API are one site; nothing outside it has a reason to send
 * them), `Secure` in production, the shared COOKIE_DOMAIN so the console's host can read the CSRF token (the
 * session cookie drops it in production: `staffSessionCookieName`).
 */
export function staffCookieOptions(env: Env) {
  return {
    path: '/',
    sameSite: 'strict' as const,
    secure: env.NODE_ENV === 'production',
    ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}),
  };
}

/** A staff session a login opened: its id (the HttpOnly cookie) and its CSRF token. */
export interface OpenedStaffSession {
  id: string;
  csrfToken: string;
}

/** What a staff login needs of the browser: its address, and the staff session id it still carries, if any. */
export interface StaffLoginClient {
  ip: string;
  sessionId: string | undefined;
  /** The console's language (the call's `lang`), for what the login sends the account's owner. */
  lang?: LanguageCode;
}

export function staffLoginClientOf(request: FastifyRequest): StaffLoginClient {
  return {
    ip: clientAddress(request),
    sessionId: request.cookies[staffSessionCookieName(request.server.env)],
  };
}

/**
 * Opens a staff session after a login: a fresh id every time (the session the browser still carries, if any,
 * is revoked first). The cookies (`setStaffCookies`) last until the browser closes; the session itself at most
 * `maxAgeMs`.
 */
export async function openStaffSession(
  sessions: StaffSessionRepository,
  staffId: number,
  at: Date,
  client: StaffLoginClient,
  /** The login passed a second step: the session is privileged. Without, only the `self` calls work. */
  secondFactor: boolean,
): Promise<OpenedStaffSession> {
  if (client.sessionId) await sessions.revoke(hashSessionId(client.sessionId), at);
  const id = newToken(32);
  const csrfToken = newToken(24);
  await sessions.create({
    idHash: hashSessionId(id),
    staffId,
    csrfToken,
    ip: client.ip,
    expiresAt: new Date(at.getTime() + staffSessionPolicy.maxAgeMs),
    lastSeenAt: at,
    secondFactorAt: secondFactor ? at : null,
  });
  return { id, csrfToken };
}

export function setStaffCookies(reply: FastifyReply, env: Env, session: OpenedStaffSession): void {
  const base = staffCookieOptions(env);
  reply.setCookie(staffSessionCookieName(env), session.id, {
    ...base,
    ...hostOnlyInProduction(env),
    httpOnly: true,
  });
  reply.setCookie(staffCsrfCookie, session.csrfToken, { ...base, httpOnly: false });
}

export function staffPendingCookieName(env: Pick<Env, 'NODE_ENV'>): string {
  return env.NODE_ENV === 'production' ? `__Host-${staffPendingCookie}` : staffPendingCookie;
}

/** The pending login's cookie: as the session cookie, for the pending login's few minutes. */
export function setStaffPendingCookie(
  reply: FastifyReply,
  env: Env,
  id: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(staffPendingCookieName(env), id, {
    ...staffCookieOptions(env),
    ...hostOnlyInProduction(env),
    httpOnly: true,
    maxAge: maxAgeSeconds,
  });
}

export function clearStaffPendingCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(staffPendingCookieName(env), {
    ...staffCookieOptions(env),
    ...hostOnlyInProduction(env),
  });
}

export function staffPendingIdOf(request: FastifyRequest): string | undefined {
  return request.cookies[staffPendingCookieName(request.server.env)];
}

export function clearStaffCookies(reply: FastifyReply, env: Env): void {
  const base = staffCookieOptions(env);
  reply.clearCookie(staffSessionCookieName(env), { ...base, ...hostOnlyInProduction(env) });
  reply.clearCookie(staffCsrfCookie, base);
}
