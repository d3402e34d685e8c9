/**
 * The first screen of a player page, rendered by the server: the app's own routes, loaders and screens
 * run in the API process (apps/api src/static/app-hosts.ts loads each app's `dist/server` build of this), their
 * calls answered in-process from the public cache, in the reader's language. The page then carries the markup
 * and the loaders' data (`firstScreenId`), and the browser takes it over without drawing it again (boot.tsx).
 *
 * Only the pages an app names are rendered: they are public, need no member and no browser, and their loaders
 * settle (deferred sections are awaited here, so the HTML holds them). Anything else, or a page whose loader
 * redirects (the device wants the other form) or fails, answers undefined and the host sends the plain shell.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import type { i18n as I18n } from 'i18next';
import { wantsH5, type DeviceKind } from '@gp/config/navigation-rules';
import type { EnabledLanguage } from '@gp/config';
import { createI18n, optionOf, setLanguageSource, takeLanguage, type Namespace } from '@gp/i18n';
import { recordWrittenDates, setTimeZoneSource } from '@gp/i18n/format';
import { setServerFetch } from '../player-api.ts';
import { documentTitle, routeTitle } from '../use-document-title.ts';
import type { RouteHandle } from '../shell/shell-data.ts';
import { firstScreenPayload, type FirstScreen } from './first-screen.ts';

export interface RenderOptions {
  lang: EnabledLanguage;
  device: DeviceKind;
  /** The IANA zone dates are written in (the browser's, as its cookie says, else the site's). */
  timeZone: string;
  /** The API, in-process (the host's `inject`): the pages' calls never leave the process. */
  fetch: typeof fetch;
}

export interface RenderedPage {
  /** `<html lang>`. */
  htmlLang: string;
  /** The H5 layout: `<html data-h5>` scales the root font before any script runs. */
  h5: boolean;
  /** The markup of `#root`. */
  markup: string;
  /** The JSON the browser hydrates from, safe inside `<script type="application/json">`. */
  payload: string;
  /** Extra tags for `<head>` (the LCP image's preload). */
  head: string;
  /** The document title, as the shell sets it in the browser (`use-document-title.ts`); plain text. */
  title: string;
}

export interface PageRendererOptions {
  namespaces: readonly Namespace[];
  /** The app's routes for a device (its `createXRoutes(device)`). */
  createRoutes: (device: () => DeviceKind) => RouteObject[];
  /** Site-map route ids rendered by the server. */
  pages: readonly string[];
  /** Head tags for a rendered page from its loaders' data, e.g. the LCP image's preload (escaped by the caller). */
  head?: (page: { routeId: string; loaderData: Record<string, unknown>; h5: boolean }) => string;
}

/** The language and time zone of the render in progress: several renders run at once in one process. */
const renderLanguage = new AsyncLocalStorage<EnabledLanguage>();
setLanguageSource(() => renderLanguage.getStore());
const renderZone = new AsyncLocalStorage<string>();
setTimeZoneSource(() => renderZone.getStore());

const i18nByLanguage = new Map<string, Promise<I18n>>();

async function settleDeferred(loaderData: Record<string, unknown>): Promise<void> {
  // A loader may return promises for sections that stream in the browser (home.tsx); here they are awaited, and
  // `<Await>` renders a plain value at once, in the server and in the hydrating browser alike.
  for (const data of Object.values(loaderData)) {
    if (typeof data !== 'object' || data === null) continue;
    const record = data as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (value instanceof Promise) record[key] = await value;
    }
  }
}

export function createPageRenderer(options: PageRendererOptions) {
  const pages = new Set(options.pages);
  const i18nFor = (lang: EnabledLanguage) => {
    const key = `${lang}:${options.namespaces.join(',')}`;
    let instance = i18nByLanguage.get(key);
    if (!instance) {
      instance = createI18n(lang, options.namespaces);
      i18nByLanguage.set(key, instance);
    }
    return instance;
  };

  async function render(url: string, render: RenderOptions): Promise<RenderedPage | undefined> {
    // The browser takes a carried language out of the address before its router reads it; so does the server.
    const path = takeLanguage(url).url;
    const routes = options.createRoutes(() => render.device);
    const leaf = matchRoutes(routes, path.split('?')[0] ?? '/')?.at(-1)?.route;
    if (!leaf?.id || !pages.has(leaf.id)) return undefined;
    setServerFetch(render.fetch);
    return renderZone.run(render.timeZone, () =>
      renderLanguage.run(render.lang, async () => {
        const handler = createStaticHandler(routes);
        const context = await handler.query(new Request(new URL(path, 'http://app.invalid')));
        if (context instanceof Response || context.errors) return undefined;
        await settleDeferred(context.loaderData);
        const i18n = await i18nFor(render.lang);
        const router = createStaticRouter(handler.dataRoutes, context);
        const { result: markup, dates } = recordWrittenDates(() =>
          renderToString(
            <StrictMode>
              <I18nextProvider i18n={i18n}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </I18nextProvider>
            </StrictMode>,
          ),
        );
        const leafMatch = context.matches.at(-1)?.route;
        const routeId = leafMatch?.id ?? '';
        const site = (leafMatch?.handle as RouteHandle | undefined)?.siteRoute;
        // As the shell picks the layout (shell.tsx).
        const h5 = site
          ? site.form === 'h5' || (site.form === 'both' && wantsH5(render.device, site))
          : false;
        const t = i18n.getFixedT(i18n.language, 'common');
        const first: FirstScreen = {
          lang: render.lang,
          device: render.device,
          timeZone: render.timeZone,
          dates,
          routeIds: context.matches.map((match) => match.route.id),
          loaderData: context.loaderData,
        };
        return {
          htmlLang: optionOf(render.lang).lang,
          h5,
          markup,
          payload: firstScreenPayload(first),
          head: options.head?.({ routeId, loaderData: context.loaderData, h5 }) ?? '',
          title: documentTitle(t, routeTitle(t, site)),
        };
      }),
    );
  }
  return { render };
}
