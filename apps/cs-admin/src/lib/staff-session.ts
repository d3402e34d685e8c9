/**
 * The signed-in staff member, in a zustand store (DESIGN section 7: zustand for session state) so that the
 * router's loaders, the API client's -101 hook and the screens all read the same state.
 *
 * `login_check` runs once when the console opens (`ensureSession`); a -101 answered to any later call clears the
 * store, and the console layout then sends the agent to `/login?redirect=<where they were>`. A session whose
 * password is still a one-time password (`must_change_password` 1) reaches only `/password`; one whose account
 * has no second factor yet (`second_factor` 0) only `/security` (`requiredPath`).
 *
 * Screens inside the console layout use `useStaffSession()`; the layout renders them only while a session exists.
 */
import { useRef } from 'react';
import { redirect } from 'react-router';
import { create } from 'zustand';
import { ApiError } from '@gp/api-client';
import {
  staffLoginCheck,
  staffLogout,
  type StaffPrivilege,
  type StaffSessionData,
} from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { api, setNotLoggedInHandler } from './api-client.ts';

export type { StaffPrivilege, StaffSessionData };

export type SessionEnd = 'logout' | 'lost' | 'redirected';

/** `unknown`: login_check not answered yet; `out`: nobody is logged in (or the session ended). */
export type SessionStatus = 'unknown' | 'in' | 'out';

interface SessionState {
  status: SessionStatus;
  session: StaffSessionData | null;
  /**
   * How the last session ended: `logout` goes to a plain login; `lost` (-101 to a call made on the screen) comes
   * back to the screen afterwards; `redirected` (-101 to a screen's loader): the router is already on its way.
   */
  ended: SessionEnd | null;
}

export const useSessionStore = create<SessionState>(() => ({
  status: 'unknown',
  session: null,
  ended: null,
}));

/** The screen a one-time password allows, and where the forced change happens. */
export const passwordPath = '/password';
export const loginPath = '/login';
/** Sign-in security: one's own second factors, and the forced enrolment of an account without one. */
export const securityPath = '/security';

/**
 * The one screen a session is held to, if any: the password change while the password is a one-time password,
 * then enrolment while the account has no second factor.
 */
export function requiredPath(session: StaffSessionData): string | null {
  if (session.must_change_password === 1) return passwordPath;
  if (session.second_factor === 0) return securityPath;
  return null;
}

let pending: Promise<StaffSessionData | null> | null = null;

/** Asks the server who is logged in (-101: nobody); other failures are thrown for the route's error screen. */
async function checkSession(): Promise<StaffSessionData | null> {
  try {
    const session = await api.call(staffLoginCheck, {});
    setSession(session);
    return session;
  } catch (error) {
    if (isNotLoggedIn(error)) {
      clearSession('lost');
      return null;
    }
    throw error;
  }
}

/**
 * The session, asking `login_check` only the first time (concurrent loaders share the one call). A failed
 * check (network) is not remembered, so the next navigation tries again.
 */
export function ensureSession(): Promise<StaffSessionData | null> {
  const { status, session } = useSessionStore.getState();
  if (status === 'in') return Promise.resolve(session);
  if (status === 'out') return Promise.resolve(null);
  pending ??= checkSession().finally(() => {
    pending = null;
  });
  return pending;
}

/** After a successful login or password change: the server's answer becomes the session. */
export function setSession(session: StaffSessionData): void {
  useSessionStore.setState({ status: 'in', session, ended: null });
}

/** The session ended (logout, -101): the console layout sends the agent to the login. */
export function clearSession(reason: SessionEnd): void {
  useSessionStore.setState({ status: 'out', session: null, ended: reason });
}

/** Whether `session` may use a screen or action needing `privilege` (none needed: any full session). */
export function sessionAllows(session: StaffSessionData | null, privilege?: StaffPrivilege): boolean {
  if (!session || requiredPath(session) !== null) return false;
  return privilege === undefined || session.privileges.includes(privilege);
}

/** Ends the session on the server; a session already gone (-101) is just as ended. */
export async function logout(): Promise<void> {
  try {
    await api.call(staffLogout, {});
  } catch (error) {
    if (!isNotLoggedIn(error)) throw error;
  } finally {
    clearSession('logout');
  }
}

/** Asks login_check again (privileges changed by an administrator, say) and stores the answer. */
export async function refreshSession(): Promise<void> {
  await checkSession();
}

/**
 * A `redirect` parameter made safe: only a path on this origin, with its query (a `lang` parameter, say) and
 * fragment, never the login screen itself; anything else gives `/`. Refused: a scheme or `//host`; a backslash or
 * a control character anywhere (browsers read `\` as `/` and drop tabs and newlines); and a path that becomes
 * `//host` once its dot segments are resolved (`/.//evil.com`, `/%2e//evil.com`, `/a/..//evil.com`), which the
 * router would follow to another site.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/';
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  try {
    const base = 'http://console.invalid';
    const url = new URL(value, base);
    if (url.origin !== base || url.pathname.startsWith('//') || url.pathname === loginPath) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login screen's URL that returns to `from` (a path with its search) afterwards. */
export function loginUrl(from: string): string {
  const back = safeRedirect(from);
  return back === '/' ? loginPath : `${loginPath}?redirect=${encodeURIComponent(back)}`;
}

let loadersRunning = 0;

const isNotLoggedIn = (error: unknown) => error instanceof ApiError && error.code === codes.notLoggedIn;

/**
 * Runs a screen's loader: -101 inside it ends the session and redirects to the login with the screen being
 * opened (the layout cannot know that one: the router's pending navigation is not rendered yet).
 */
export async function sessionLoader<T>(request: Request, load: () => Promise<T>): Promise<T> {
  loadersRunning++;
  try {
    return await load();
  } catch (error) {
    if (!isNotLoggedIn(error)) throw error;
    clearSession('redirected');
    const url = new URL(request.url);
    throw redirect(loginUrl(`${url.pathname}${url.search}`));
  } finally {
    loadersRunning--;
  }
}

// -101 to a call made on a screen (a button, a form): the layout goes to the login and back here afterwards.
setNotLoggedInHandler(() => {
  if (loadersRunning === 0 && useSessionStore.getState().status === 'in') clearSession('lost');
});

export interface StaffSessionApi {
  session: StaffSessionData;
  can(privilege: StaffPrivilege): boolean;
  refresh(): Promise<void>;
  logout(): Promise<void>;
}

/**
 * The signed-in staff member, for screens inside the console layout (which renders only with a session). While
 * the session is ending, the last one is kept so a screen that is about to unmount does not crash.
 */
export function useStaffSession(): StaffSessionApi {
  const current = useSessionStore((s) => s.session);
  const last = useRef<StaffSessionData | null>(current);
  if (current) last.current = current;
  const session = last.current;
  if (!session) throw new Error('useStaffSession() used outside the logged-in console layout');
  return {
    session,
    can: (privilege) => sessionAllows(current, privilege),
    refresh: refreshSession,
    logout,
  };
}
