/**
 * Serves the four built player/staff apps from this process (SERVE_APPS), each on its own port as production
 * serves each on its own host: `pnpm start` sends browsers here, production's nginx the player hosts' page
 * requests (it serves the hashed assets itself, and the static page when a render fails or is slow). Unknown
 * paths get the app's index.html (client-side routes); hashed assets are cached for a year, index.html never,
 * so a new build shows up on the next visit. Text files go out brotli- or gzip-compressed as the browser accepts,
 * from the `.br` / `.gz` files the player builds write beside them (for phones on slow networks), so nothing is
 * compressed per request; without such a file the plain one is sent.
 *
 * With the API at hand (`api`), the pages the app's server build names come with their first screen rendered
 * (`first-screen.ts`), with the app's stylesheet inline; they vary by language cookie, Accept-Language and
 * user agent, so they are never cached either.
 *
 * Every answer carries the browser headers of the API (`http/browser-policy.ts`) and the app's own
 * Content-Security-Policy, which its build wrote from the built index.html (`@gp/ui/csp`). Pages answer HEAD
 * as they answer GET (uptime monitors ask with HEAD).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { defaultSiteTimeZone, type Env } from '../config/env.ts';
import { appsRoot } from '../config/paths.ts';
import { browserHeaders } from '../http/browser-policy.ts';
import { fastifyTrustProxy } from '../config/trusted-proxies.ts';
import {
  fillTemplate,
  inlineStylesheets,
  loadPageRenderer,
  readScreenFiles,
  renderRequest,
  screenLinks,
  scriptsAfterPaint,
  type InProcessApi,
} from './first-screen.ts';

/** Where the app's build writes its policy (packages/ui/src/build/content-security-policy.ts). */
export const policyFile = '.vite/content-security-policy.txt';

export interface AppHost {
  name: 'portal' | 'passport' | 'pay' | 'cs-admin';
  port: number;
}

export function appHostsOf(env: Env): AppHost[] {
  return [
    { name: 'portal', port: env.PORTAL_PORT },
    { name: 'passport', port: env.PASSPORT_PORT },
    { name: 'pay', port: env.PAY_PORT },
    { name: 'cs-admin', port: env.CS_ADMIN_PORT },
  ];
}

/** An app's build: `<apps>/<name>/dist` (APPS_DIR, else this checkout's `apps/`). */
export function distDirOf(name: AppHost['name'], apps = appsRoot): string {
  return join(apps, name, 'dist');
}

export async function buildAppHost(
  name: AppHost['name'],
  logger: FastifyInstance['log'],
  root = distDirOf(name),
  env: Pick<Env, 'NODE_ENV'> & Partial<Pick<Env, 'SITE_TIME_ZONE' | 'trustedProxies'>> = {
    NODE_ENV: 'production',
  },
  api?: InProcessApi,
): Promise<FastifyInstance> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${name} is not built: ${root}/index.html is missing (run pnpm build)`);
  }
  if (!existsSync(join(root, policyFile))) {
    throw new Error(`${name} has no ${policyFile} in ${root}: built before it had one (run pnpm build)`);
  }
  const headers = {
    ...browserHeaders(env),
    'content-security-policy': readFileSync(join(root, policyFile), 'utf8').trim(),
  };
  const host = Fastify({
    loggerInstance: logger.child({ app: name }),
    routerOptions: { ignoreTrailingSlash: true },
    // Behind the proxy (production: nginx sends page requests here), the visitor is who the proxy says, as for the
    // API: the page's calls to the API are made in the visitor's name.
    trustProxy: env.trustedProxies ? fastifyTrustProxy(env.trustedProxies) : false,
  });
  host.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await host.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      const hashed = /[/\\]assets[/\\]/.test(path);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const renderer = api ? await loadPageRenderer(root) : undefined;
  const template = readFileSync(join(root, 'index.html'), 'utf8');
  const renderedTemplate = renderer
    ? scriptsAfterPaint(inlineStylesheets(template, (path) => readFileSync(join(root, path), 'utf8')))
    : template;
  const screenFiles = readScreenFiles(root);
  host.setNotFoundHandler(async (request, reply) => {
    // A missing asset is a real 404; any other path is a client-side route.
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || /^\/assets\//.test(request.url)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (renderer && api && request.method === 'GET') {
      try {
        const page = await renderRequest(renderer, api, request, env.SITE_TIME_ZONE ?? defaultSiteTimeZone);
        if (page) {
          const links = screenLinks(screenFiles, request.url);
          return sendHtml(request, reply, fillTemplate(renderedTemplate, page, links));
        }
      } catch (error) {
        // The page still works as the browser renders it alone.
        request.log.error({ err: error, url: request.url }, 'first screen not rendered');
      }
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
  return host;
}

/** A rendered page, compressed as the browser accepts (fast settings: it is made per request). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, accept-language, cookie, user-agent')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
