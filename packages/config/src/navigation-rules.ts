/**
 * The redirect rules of spec section 2, as pure functions the apps call before rendering: which form (desktop
 * or H5) a device gets, which host serves a path, and which `redirect` / `gourl` targets may be followed.
 */
import { buildPath, matchSiteRoute, type PlayerHost, type SiteRoute } from './site-map.ts';

export type DeviceKind = 'phone' | 'tablet' | 'desktop';

/**
 * Phones and tablets from the user agent; iPadOS reports a Mac, so a Mac with a touch screen is a tablet.
 * Android without "Mobile" in its user agent is a tablet by Google's own convention.
 */
export function deviceKind(userAgent: string, maxTouchPoints = 0): DeviceKind {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|Opera Mini/i.test(userAgent)) return 'phone';
  return 'desktop';
}

/** Phones and tablets get H5, except that tablets keep the desktop home (spec 2). */
export function wantsH5(kind: DeviceKind, route: Pick<SiteRoute, 'home'>): boolean {
  return kind === 'phone' || (kind === 'tablet' && !route.home);
}

/** The twin to replace the current page with (path + the same query), or undefined to stay. */
export function deviceRedirect(pathname: string, search: string, kind: DeviceKind): string | undefined {
  const match = matchSiteRoute(pathname);
  if (!match || match.route.form === 'both' || !match.route.twin) return undefined;
  const h5 = wantsH5(kind, match.route);
  if (h5 === (match.route.form === 'h5')) return undefined;
  return buildPath(match.route.twin, match.params) + search;
}

/**
 * The absolute URL on the host that serves this path when it is not `current` (login pages live on the passport
 * host, top-up pages on the pay host, everything else on the main host). Unknown paths go to the main home.
 */
export function hostHop(
  pathname: string,
  search: string,
  current: PlayerHost,
  origins: Record<PlayerHost, string>,
): string | undefined {
  const match = matchSiteRoute(pathname);
  if (!match) return current === 'portal' ? undefined : `${origins.portal}/`;
  if (match.route.host === current) return undefined;
  return `${origins[match.route.host]}${pathname}${search}`;
}

/**
 * `redirect` / `gourl` values are followed only to our own origins (an open redirect would let anyone send our
 * players to a look-alike login page). Relative paths are taken on `base`. Anything else yields `fallback`.
 */
export function safeRedirect(
  value: unknown,
  allowedOrigins: readonly string[],
  base: string,
  fallback: string,
): string {
  if (typeof value !== 'string') return fallback;
  const raw = value.trim();
  // Backslashes and control or invisible characters only ever serve to confuse URL parsers.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (raw === '' || /[\\\u0000-\u001f\u007f\s\u200b-\u200f\u2028-\u202f\u2060\ufeff]/.test(raw))
    return fallback;
  if (raw.startsWith('/') && raw.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fallback;
  if (url.username || url.password) return fallback;
  if (!allowedOrigins.includes(url.origin)) return fallback;
  // A relative value must have been a plain path; `https:evil.com` style values resolve against base otherwise.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) && !raw.startsWith('/')) return fallback;
  return url.href;
}
