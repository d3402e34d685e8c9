/**
 * The first screen in the HTML: an app host loads its app's server build (`dist/server/entry-server.js`, see
 * @gp/ui/render-page) and renders the pages that build names, in the reader's language (a carried `lang`,
 * else the host's language cookie, else Accept-Language: the browser's own rules) and for the device its user
 * agent says. The pages' API calls are answered in this process (`inject`), through the public cache, so a
 * render costs no database round trip once the cache is warm. The result fills the built index.html:
 * `<html lang>`, the head tags (the LCP image's preload), `#root`, and the data the browser hydrates from.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceKind, type DeviceKind } from '@gp/config/navigation-rules';
import type { EnabledLanguage } from '@gp/config';
import { requestLanguage, requestTimeZone } from '@gp/i18n/request-language';
import { clientAddress } from '../http/client-address.ts';

/** Where an app's server build lives, relative to its dist folder. */
export const serverEntry = 'server/entry-server.js';

export interface RenderedPage {
  htmlLang: string;
  h5: boolean;
  markup: string;
  payload: string;
  head: string;
  /** The document title, plain text. */
  title: string;
}

export interface PageRenderer {
  render(
    url: string,
    options: { lang: EnabledLanguage; device: DeviceKind; timeZone: string; fetch: typeof fetch },
  ): Promise<RenderedPage | undefined>;
}

/** The API the pages' calls go to, in this process. */
export type InProcessApi = Pick<FastifyInstance, 'inject'>;

/** The app's renderer, or undefined when its build has none (the host then serves index.html as before). */
export async function loadPageRenderer(root: string): Promise<PageRenderer | undefined> {
  const file = join(root, serverEntry);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/**
 * `fetch` for the renderer: the API's answer from `inject`, without a socket. The calls are the visitor's
 * (`client`, the page request's address as TRUSTED_PROXIES resolves it): rate limits count them against the
 * visitor, never against one shared loopback address that every page render would use up.
 */
export function inProcessFetch(api: InProcessApi, client: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await api.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      remoteAddress: client,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const answer = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined) answer.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.rawPayload.length > 0 ? new Uint8Array(res.rawPayload) : null, {
      status: res.statusCode,
      headers: answer,
    });
  };
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the build lists each landing path's screen files (`screenPreloads` of @gp/ui/vite). */
export const screenPreloadsFile = '.vite/screen-preloads.json';

/** Landing paths (no trailing slash) and the files of their screens, or none when the build wrote no list. */
export function readScreenFiles(root: string): Record<string, string[]> {
  const file = join(root, screenPreloadsFile);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/** As `afterPaintAttribute` of @gp/ui/vite, whose `afterPaintLoader` (in every built index.html) reads it. */
const afterPaint = 'data-after-paint';

/** A module preload the page starts after its first paint (`scriptsAfterPaint`). */
const preloadAfterPaint = (href: string) =>
  `<link rel="gp-after-paint" ${afterPaint} href="${escapeAttribute(href)}">`;

/**
 * Links for the screen files of a rendered path: its stylesheets block the first paint, as the entry's do, so the
 * server's markup is never painted unstyled and then moved (a layout shift); its scripts are preloaded after the
 * first paint, with the entry (`scriptsAfterPaint`).
 */
export function screenLinks(files: Record<string, string[]>, path: string): string {
  const key = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  return (files[key] ?? [])
    .map((href) =>
      href.endsWith('.css')
        ? `<link rel="stylesheet" href="${escapeAttribute(href)}">`
        : preloadAfterPaint(href),
    )
    .join('');
}

/**
 * The built index.html as the rendered pages use it: the build's stylesheets it links (one file, the app's whole
 * CSS) stand inline in `<style>`, so the first paint waits for no request but the page's own. The build's policy
 * allows exactly those bytes by their hashes (@gp/ui/csp `stylesheetHashes`). A stylesheet that could end its
 * element early stays a link.
 */
export function inlineStylesheets(template: string, readAsset: (path: string) => string): string {
  return template.replace(/<link\b[^>]*>/gi, (tag) => {
    const href = /\srel="stylesheet"/i.test(tag)
      ? /\shref="(\/assets\/[^"]+\.css)"/i.exec(tag)?.[1]
      : undefined;
    if (!href) return tag;
    const css = readAsset(href);
    return /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
  });
}

/**
 * The built index.html as the rendered pages use it: no script is fetched before the first paint. The page is
 * complete without them (markup and inline styles), so the entry's module script and module preloads wait, inert
 * (`data-after-paint`), for the build's loader at the end of the body to start them once the first screen is
 * painted: a phone on a slow network gives the HTML and the LCP picture the whole connection first. The inline
 * map that preloads a landing path's screen files goes: `screenLinks` writes those links into the page.
 */
export function scriptsAfterPaint(template: string): string {
  const html = template
    .replace(/<script data-screen-preloads(="")?>[\s\S]*?<\/script>/i, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/gi,
      (_, src: string) => `<script type="gp/after-paint" ${afterPaint} src="${src}"></script>`,
    )
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/gi, (_, href: string) =>
      preloadAfterPaint(href),
    );
  if (/<script\b[^>]*\btype="module"|rel="modulepreload"/i.test(html)) {
    throw new Error('index.html loads scripts in a form scriptsAfterPaint does not know');
  }
  return html;
}

/** The built index.html with a rendered page in it. */
export function fillTemplate(template: string, page: RenderedPage, links = ''): string {
  const html = template
    .replace(
      /<html\b[^>]*>/i,
      `<html lang="${escapeAttribute(page.htmlLang)}"${page.h5 ? ' data-h5=""' : ''}>`,
    )
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', `${links}${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.markup}</div>` +
        `<script type="application/json" id="gp-first-screen">${page.payload}</script>`,
    );
  if (!html.includes('id="gp-first-screen"'))
    throw new Error('index.html has no empty <div id="root"></div>');
  return html;
}

/**
 * Renders the page a request asks for, or undefined when the app does not render it on the server. Its dates in
 * the browser's zone when its cookie tells it, else in `siteTimeZone`.
 */
export async function renderRequest(
  renderer: PageRenderer,
  api: InProcessApi,
  request: FastifyRequest,
  siteTimeZone: string,
): Promise<RenderedPage | undefined> {
  const lang = requestLanguage({
    host: request.headers.host ?? '',
    url: request.url,
    cookie: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
  });
  const device = deviceKind(request.headers['user-agent'] ?? '');
  const timeZone = requestTimeZone(request.headers.cookie, siteTimeZone);
  return renderer.render(request.url, {
    lang,
    device,
    timeZone,
    fetch: inProcessFetch(api, clientAddress(request)),
  });
}
