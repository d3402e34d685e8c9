/**
 * What browsers are told and allowed, for the API's answers; the app hosts add their own
 * Content-Security-Policy to the same headers (`static/app-hosts.ts`).
 *
 * - Headers on every answer: nothing may frame it (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), no
 *   sniffing, referrers cut to the origin across sites, camera / microphone / geolocation off, a browsing
 *   context group of its own (`Cross-Origin-Opener-Policy: same-origin`), HSTS in production. The API answers
 *   JSON, so its default policy allows nothing; its few HTML pages and file downloads set their own, and any that
 *   lacks `frame-ancestors` gets it added.
 * - CORS, with credentials: the staff group (`/csmng`) for the console's origin only; the other groups for the
 *   four app origins (the console also reads public lists there, such as the game list).
 * - Cross-site writes: a state-changing request (anything but GET, HEAD, OPTIONS) whose `Origin` is neither an
 *   origin CORS allows for its group nor (in development, for the sandbox checkout page, which posts back to
 *   itself; production has no such page) the API's own, or which the browser marks `Sec-Fetch-Site: cross-site`,
 *   is refused with -113 (HTTP 403) before anything runs, login and sign-up included. Requests with neither header
 *   (servers, such as a payment provider's notifications) are not browsers' and pass. The one exception is where
 *   a sign-in provider posts the browser back from its own site (Apple's form_post, `crossSiteFormPosts`): that
 *   POST is cross-site by design and is checked by the round trip's state instead (passport social.service.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { codes } from '@gp/errors';
import type { Env } from '../config/env.ts';
import { AppError } from './app-error.ts';

/** Headers every answer of every host carries, API and apps alike. */
export function browserHeaders(env: Pick<Env, 'NODE_ENV'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(env.NODE_ENV === 'production'
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** The API answers JSON: nothing to load, run or frame. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** A route's own policy without `frame-ancestors` (which `default-src` does not cover) gets it. */
export function withFrameAncestors(policy: string): string {
  return /(^|;)\s*frame-ancestors\s/i.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
}

const staffPrefix = '/csmng/';
const isStaffPath = (url: string) => url.startsWith(staffPrefix) || url === '/csmng';

/** Origins allowed to call a path with credentials. */
export function allowedOrigins(env: Pick<Env, 'appOrigins' | 'CS_ADMIN_ORIGIN'>) {
  const staff = [new URL(env.CS_ADMIN_ORIGIN).origin];
  return (url: string): readonly string[] => (isStaffPath(url) ? staff : env.appOrigins);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `origin` names the host of the Host header (default ports compared as browsers write them). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host || !URL.canParse(origin)) return false;
  const { protocol, host: originHost } = new URL(origin);
  return URL.canParse(`${protocol}//${host}`) && new URL(`${protocol}//${host}`).host === originHost;
}

/** Paths a provider's page posts the browser to from its own site; the handler checks them (state), not this. */
export const crossSiteFormPosts: ReadonlySet<string> = new Set(['/passport/web/apple/callback']);

/** Why a state-changing request is refused as cross-site, or undefined when it may go on. */
export function crossSiteRefusal(
  request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>,
  allowed: (url: string) => readonly string[],
  ownPages: boolean,
): string | undefined {
  if (safeMethods.has(request.method)) return undefined;
  if (request.method === 'POST' && crossSiteFormPosts.has(request.url.split('?')[0]!)) return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (allowed(request.url).includes(origin)) return undefined;
    // The API's own pages, development only (the sandbox checkout posts back to itself): the host asked.
    if (ownPages && sameHost(origin, request.headers.host)) return undefined;
    return `origin ${origin}`;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'sec-fetch-site cross-site';
  return undefined;
}

export async function installBrowserPolicy(app: FastifyInstance): Promise<void> {
  const headers = { ...browserHeaders(app.env), 'content-security-policy': apiContentSecurityPolicy };
  const allowed = allowedOrigins(app.env);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    const refusal = crossSiteRefusal(request, allowed, app.env.NODE_ENV !== 'production');
    if (refusal) {
      request.log.info({ refusal }, 'cross-site write refused');
      throw new AppError(codes.crossSite, { domain: 'common', status: 403 });
    }
  });
  app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', withFrameAncestors(policy));
    return payload;
  });

  const staffCors = { origin: [...allowed('/csmng/')], credentials: true };
  const appCors = { origin: [...allowed('/web/')], credentials: true };
  await app.register(cors, {
    delegator: (request, callback) => callback(null, isStaffPath(request.url ?? '') ? staffCors : appCors),
  });
}
