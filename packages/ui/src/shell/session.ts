/**
 * The visitor's login state for the shell: user info (spec 3) or null, fetched once per page view and shared by
 * the header and the login guard; -101 on a login-required route sends the visitor to the passport login with
 * the current URL as `redirect` (spec 4). Every address here leads to another of our hosts, so each carries the
 * page language.
 */
import { ApiError, type ApiClient } from '@gp/api-client';
import { userInfo, userLogout, type UserInfo } from '@gp/contracts/passport';
import { codes } from '@gp/errors';
import type { EnabledLanguage, Hosts } from '@gp/config';
import { safeRedirect } from '@gp/config/navigation-rules';
import { matchSiteRoute } from '@gp/config/site-map';
import { currentLanguage, takeLanguage, withLanguage } from '@gp/i18n';

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

/**
 * Pages a login must never lead back to: links that work once (the password-reset link, which is also
 * the e-mail confirmation, and the social-login return) and flows that are over once done (sign-up, password
 * recovery). After logging in from one of them the player goes to the account settings instead.
 */
const oneTimeRoutes: ReadonlySet<string> = new Set([
  'findpwd',
  'findpwdH5',
  'signup',
  'signupH5',
  'appleReturn',
]);
/** Login pages: logging in again from one leads where that login was going to lead. */
const loginRoutes: ReadonlySet<string> = new Set(['login', 'loginH5']);

/**
 * The address a login returns to, for the page the player is on (`current`, absolute): the page itself, without
 * the language it may carry (the way back carries the language of that moment); the account settings for a
 * one-time page; for a login page, where that login leads.
 */
export function returnAddress(hosts: Hosts, current: string): string {
  const { url } = takeLanguage(current);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${hosts.apps.portal}/`;
  }
  const route = matchSiteRoute(parsed.pathname)?.route.id;
  if (route && oneTimeRoutes.has(route)) return `${hosts.apps.passport}/account`;
  // Each nesting level is shorter than the one around it, so this ends.
  if (route && loginRoutes.has(route)) return returnAddress(hosts, checkedReturn(parsed.search, hosts, url));
  return url;
}

export function loginUrl(
  hosts: Hosts,
  h5: boolean,
  current: string,
  lang: EnabledLanguage = currentLanguage(),
): string {
  const redirect = encodeURIComponent(returnAddress(hosts, current));
  return withLanguage(`${hosts.apps.passport}/${h5 ? 'login_h5' : 'login'}?redirect=${redirect}`, lang);
}

/**
 * Where a logout lands (spec 4): desktop goes to login with the page as `redirect`; H5 on a customer-service or
 * top-up sub-page goes back to that area's H5 home, elsewhere to the H5 home.
 */
export function afterLogoutUrl(
  hosts: Hosts,
  h5: boolean,
  current: URL,
  lang: EnabledLanguage = currentLanguage(),
): string {
  if (!h5) return loginUrl(hosts, false, current.href, lang);
  const path = current.pathname;
  const home = path.startsWith('/service')
    ? `${hosts.apps.portal}/service/h5`
    : path.startsWith('/pays_h5')
      ? `${hosts.apps.pay}/pays_h5`
      : path.startsWith('/pay_h5') || path.startsWith('/paygame')
        ? `${hosts.apps.pay}/pay_h5`
        : `${hosts.apps.portal}/h5`;
  return withLanguage(home, lang);
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

function checkedReturn(search: string, hosts: Hosts, base: string): string {
  const params = new URLSearchParams(search);
  const value = params.get('redirect') ?? params.get('gourl') ?? undefined;
  const origins = Object.values(hosts.apps).map((o) => new URL(o).origin);
  return safeRedirect(value, origins, base, `${hosts.apps.portal}/`);
}

/**
 * Where to go after login (or any flow carrying `redirect` / `gourl`): the value only when it points at one of
 * our own hosts (and is no one-time page, see `returnAddress`), else the main home, with the page language. The passport screens call this; they never follow
 * the raw parameter.
 */
export function returnTarget(
  search: string,
  hosts: Hosts,
  base: string,
  lang: EnabledLanguage = currentLanguage(),
): string {
  return withLanguage(returnAddress(hosts, checkedReturn(search, hosts, base)), lang);
}
