/**
 * The visitor's login state for the shell: user info (spec 3) or null, fetched once per page view and shared by
 * the header and the login guard; -101 on a login-required route sends the visitor to the passport login with
 * the current URL as `redirect` (spec 4).
 */
import { ApiError, type ApiClient } from '@gp/api-client';
import { userInfo, userLogout, type UserInfo } from '@gp/contracts/passport';
import { codes } from '@gp/errors';
import type { Hosts } from '@gp/config';
import { safeRedirect } from '@gp/config/navigation-rules';

let pending: { promise: Promise<UserInfo | null>; at: number } | undefined;
const reuseMs = 2_000;

/** The logged-in member, or null for a visitor. Other failures propagate (the page shows its error). */
export function currentUser(api: ApiClient, now = Date.now()): Promise<UserInfo | null> {
  if (pending && now - pending.at < reuseMs) return pending.promise;
  const promise = api.call(userInfo, {}).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === codes.notLoggedIn) return null;
    throw error;
  });
  pending = { promise, at: now };
  promise.catch(() => {
    pending = undefined;
  });
  return promise;
}

export function forgetUser(): void {
  pending = undefined;
}

export function loginUrl(hosts: Hosts, h5: boolean, returnTo: string): string {
  return `${hosts.apps.passport}/${h5 ? 'login_h5' : 'login'}?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * Where a logout lands (spec 4): desktop goes to login with the page as `redirect`; H5 on a customer-service or
 * top-up sub-page goes back to that area's H5 home, elsewhere to the H5 home.
 */
export function afterLogoutUrl(hosts: Hosts, h5: boolean, current: URL): string {
  if (!h5) return loginUrl(hosts, false, current.href);
  const path = current.pathname;
  if (path.startsWith('/service')) return `${hosts.apps.portal}/service/h5`;
  if (path.startsWith('/pays_h5')) return `${hosts.apps.pay}/pays_h5`;
  if (path.startsWith('/pay_h5') || path.startsWith('/paygame')) return `${hosts.apps.pay}/pay_h5`;
  return `${hosts.apps.portal}/h5`;
}

export async function logout(api: ApiClient): Promise<void> {
  try {
    await api.call(userLogout, {});
  } catch (error) {
    // Already logged out elsewhere: the goal is reached.
    if (!(error instanceof ApiError && error.code === codes.notLoggedIn)) throw error;
  } finally {
    forgetUser();
  }
}

/**
 * Where to go after login (or any flow carrying `redirect` / `gourl`): the value only when it points at one of
 * our own hosts, else the main home. The passport screens call this; they never follow the raw parameter.
 */
export function returnTarget(search: string, hosts: Hosts, base: string): string {
  const params = new URLSearchParams(search);
  const value = params.get('redirect') ?? params.get('gourl') ?? undefined;
  const origins = Object.values(hosts.apps).map((o) => new URL(o).origin);
  return safeRedirect(value, origins, base, `${hosts.apps.portal}/`);
}
