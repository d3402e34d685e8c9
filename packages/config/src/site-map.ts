/**
 * Every player route of spec section 2 as data: which host serves it, whether it is the desktop or the H5 (mobile)
 * form, its twin in the other form, the translation key of its title, whether it needs login, and the page chrome.
 * Apps take their own routes from here and attach screens; redirects between forms and hosts are computed from it.
 */

export type PlayerHost = 'portal' | 'passport' | 'pay';
/** `both`: one page serves desktop and phones (no twin, no device redirect). */
export type RouteForm = 'desktop' | 'h5' | 'both';
/** H5 pages whose normal header gives way to a back bar (spec 2), and pages with no chrome at all. */
export type RouteChrome = 'full' | 'backBar' | 'none';

export interface SiteRoute {
  /** Stable id. */
  id: string;
  /** The page title is `common:routes.<title>`; both forms of a page share it. */
  title: string;
  /** Pattern with `:param` segments, without a trailing slash. */
  path: string;
  host: PlayerHost;
  form: RouteForm;
  /** Pattern of the same page in the other form; params carry over by name. */
  twin?: string;
  requiresLogin: boolean;
  chrome: RouteChrome;
  /** The home route: tablets keep its desktop form (spec 2). */
  home?: boolean;
}

type Pair = [
  id: string,
  desktop: string,
  h5: string,
  options?: { login?: boolean; h5Chrome?: RouteChrome; home?: boolean },
];

function pairs(host: PlayerHost, list: Pair[]): SiteRoute[] {
  return list.flatMap(([id, desktop, h5, o = {}]) => [
    {
      id,
      title: id,
      path: desktop,
      host,
      form: 'desktop' as const,
      twin: h5,
      requiresLogin: !!o.login,
      chrome: 'full' as const,
      ...(o.home ? { home: true } : {}),
    },
    {
      id: `${id}H5`,
      title: id,
      path: h5,
      host,
      form: 'h5' as const,
      twin: desktop,
      requiresLogin: !!o.login,
      chrome: o.h5Chrome ?? 'full',
      ...(o.home ? { home: true } : {}),
    },
  ]);
}

/** H5-only pages; their desktop twin is the desktop page that holds the same content. */
function h5Only(
  host: PlayerHost,
  list: readonly (readonly [id: string, title: string, h5: string, desktop: string, login: boolean])[],
): SiteRoute[] {
  return list.map(([id, title, path, twin, login]) => ({
    id,
    title,
    path,
    host,
    form: 'h5' as const,
    twin,
    requiresLogin: login,
    chrome: 'full' as const,
  }));
}

/** The top-up wizard's H5 steps (spec 2) and their titles. */
const payH5SubPages = [
  ['setoutpay', 'paySetout'],
  ['payorder', 'payOrder'],
  ['paycomplete', 'payComplete'],
  ['paysucceed', 'paySucceed'],
  ['payaffirm', 'payAffirm'],
] as const;

export const siteRoutes: readonly SiteRoute[] = [
  ...pairs('portal', [
    ['home', '/', '/h5', { home: true }],
    ['about', '/about', '/about/h5'],
    ['terms', '/terms', '/terms/h5'],
    ['privacy', '/privacy', '/privacy/h5'],
    ['siteinfo', '/siteinfo', '/siteinfo/h5'],
    ['tokusyouhou', '/tokusyouhou', '/tokusyouhou/h5'],
    ['news', '/news', '/news/h5'],
    ['newsDetail', '/news-detail/:id', '/news-detail/h5/:id'],
    ['newsPreDetail', '/news-pre-detail/:id', '/news-pre-detail/h5/:id'],
    ['active', '/active', '/active/h5'],
    ['activeDetail', '/active-detail/:id', '/active-detail/h5/:id'],
    ['activePreDetail', '/active-pre-detail/:id', '/active-pre-detail/h5/:id'],
    ['service', '/service', '/service/h5'],
    ['serviceHistory', '/service/history', '/service/h5/history', { login: true }],
    ['serviceInfo', '/service/info', '/service/h5/info', { login: true }],
    [
      'serviceOrderDetail',
      '/service/order_detail',
      '/service/h5/order_detail',
      { login: true, h5Chrome: 'backBar' },
    ],
    ['serviceQuestion', '/service/question', '/service/h5/question', { login: true }],
    [
      'serviceRequestion',
      '/service/requestion',
      '/service/h5/requestion',
      { login: true, h5Chrome: 'backBar' },
    ],
  ]),
  ...h5Only('portal', [
    ['gamelistH5', 'gamelist', '/gamelist_h5', '/', false],
    ['fansH5', 'fans', '/fans_h5', '/', false],
  ]),
  ...pairs('passport', [
    ['login', '/login', '/login_h5', { h5Chrome: 'backBar' }],
    ['signup', '/signup', '/signup_h5', { h5Chrome: 'backBar' }],
    ['findpwd', '/findpwd', '/findpwd_h5', { h5Chrome: 'backBar' }],
  ]),
  {
    id: 'account',
    title: 'account',
    path: '/account',
    host: 'passport',
    form: 'both',
    requiresLogin: true,
    chrome: 'full',
  },
  {
    id: 'appleReturn',
    title: 'appleReturn',
    path: '/apple_return_url',
    host: 'passport',
    form: 'both',
    requiresLogin: false,
    chrome: 'none',
  },
  ...pairs('pay', [
    ['paygame', '/paygame', '/pay_h5'],
    ['paygameHistory', '/paygame_history', '/pay_h5/pg_record', { login: true }],
    // Lookup without login: an order's state by its number and the account's e-mail or phone.
    ['paygameLookup', '/paygame_lookup', '/paygame_lookup_h5'],
  ]),
  ...h5Only('pay', [
    ...payH5SubPages.map(([p, title]) => [`payH5${p}`, title, `/pay_h5/${p}`, '/paygame', true] as const),
    ['paysH5', 'paygame', '/pays_h5', '/paygame', false],
    ['paysH5pgRecord', 'paygameHistory', '/pays_h5/pg_record', '/paygame_history', true],
    ...payH5SubPages.map(([p, title]) => [`paysH5${p}`, title, `/pays_h5/${p}`, '/paygame', true] as const),
  ]),
];

export interface RouteMatch {
  route: SiteRoute;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Matches a pathname (trailing slash ignored) against one pattern. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  return matchSegments(segments(pattern), segments(pathname));
}

function matchSegments(want: readonly string[], have: readonly string[]): Record<string, string> | undefined {
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = have[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (part !== actual) return undefined;
  }
  return params;
}

/** Fills a pattern's `:params`; a missing param leaves the pattern unusable, so it throws. */
export function buildPath(pattern: string, params: Record<string, string>): string {
  const path = segments(pattern)
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const value = params[part.slice(1)];
      if (value === undefined) throw new Error(`missing :${part.slice(1)} for ${pattern}`);
      return encodeURIComponent(value);
    })
    .join('/');
  return `/${path}`;
}

/** Every route's segments and literal-segment count, split once: each link on a page is matched against all. */
const compiled = siteRoutes.map((route) => {
  const want = segments(route.path);
  return { route, want, literals: want.filter((s) => !s.startsWith(':')).length };
});

/** The route a pathname shows, on any host. Literal segments win over params (`/news-detail/h5/1` is H5). */
export function matchSiteRoute(pathname: string): RouteMatch | undefined {
  let best: RouteMatch | undefined;
  let bestLiterals = -1;
  const have = segments(pathname);
  for (const { route, want, literals } of compiled) {
    const params = matchSegments(want, have);
    if (!params) continue;
    if (literals > bestLiterals) {
      best = { route, params };
      bestLiterals = literals;
    }
  }
  return best;
}

export function routesOfHost(host: PlayerHost): SiteRoute[] {
  return siteRoutes.filter((r) => r.host === host);
}

export function routeById(id: string): SiteRoute {
  const route = siteRoutes.find((r) => r.id === id);
  if (!route) throw new Error(`no route ${id}`);
  return route;
}
