/**
 * Starts a player app: pick the language (the one a link from another of our hosts carried, else the stored
 * choice for this host, else the one its cookie mirrors, else the browser's), load its strings, then render the
 * app's data router. Each app passes its own namespaces and routes.
 *
 * A page the server rendered (`server/render-page.tsx`) is taken over in place: the matched screens'
 * chunks are loaded first, the router starts from the loaders' data the page carries (no call repeated), and
 * `hydrateRoot` adopts the markup node for node. When the browser would render something else (another language
 * stored in this tab, another device form), it renders afresh as for a page the server did not render. Dates
 * are written in the zone the page was rendered in (`FirstScreen.timeZone`), and the browser's zone is kept in a
 * cookie for the next page the server renders.
 *
 * Once the page is the scripts' (every part hydrated, or the app rendered afresh), `#root` carries
 * `data-taken-over`: the journeys wait for it before they check that nothing the player did meanwhile was lost.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { createI18n, rememberTimeZone, startLanguage, type Namespace } from '@gp/i18n';
import { adoptWrittenDates, setTimeZoneSource } from '@gp/i18n/format';
import { rememberServerControls } from './early-input.ts';
import { hydrateFirstScreen, nextTask } from './hydrate-later.tsx';
import { readFirstScreen } from './server/first-screen.ts';
import { browserDevice } from './shell/create-shell.tsx';

/**
 * The routes with these ids, found by walking the tree: each route's id is its own, else its position in the tree
 * (`0-2-1`), as the data routers name it. The server sends the ids it matched, so the browser need not rank every
 * route a second time (matching costs as much as creating the router).
 */
function routesWithIds(
  routes: RouteObject[],
  ids: ReadonlySet<string>,
  parent: number[] = [],
): RouteObject[] {
  return routes.flatMap((route, index) => {
    const position = [...parent, index];
    const own = ids.has(route.id ?? position.join('-')) ? [route] : [];
    return [...own, ...routesWithIds(route.children ?? [], ids, position)];
  });
}

/** Loads the lazy parts of the routes the page matched, as a router must have them to hydrate. */
async function resolveLazy(routes: RouteObject[], matchedIds: readonly string[]): Promise<void> {
  await Promise.all(
    routesWithIds(routes, new Set(matchedIds)).map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export async function bootApp(options: {
  namespaces: readonly Namespace[];
  routes: RouteObject[];
  /** Where our player hosts share a cookie (the build's `__GP_LANGUAGE_SCOPE__`): see i18n `startLanguage`. */
  languageScope: { domain?: string } | null;
  rootId?: string;
}) {
  const first = readFirstScreen();
  // A server-rendered page is on screen already: its takeover is made of steps in tasks of their own (evaluating
  // the scripts, choosing the language and loading the screens' chunks, ranking the routes, the hydration's first
  // pass), so none of them blocks a phone's main thread for long while the player may tap.
  if (first) await nextTask();
  const lang = startLanguage({ carried: true, languageScope: options.languageScope });
  const root = document.getElementById(options.rootId ?? 'root');
  if (!root) throw new Error('no #root element');
  // The next page the server renders writes its dates in this browser's zone.
  rememberTimeZone();
  if (first && first.lang === lang && first.device === browserDevice()) {
    // This page's dates stay in the zone the server wrote them in (the site's on a first visit), so the takeover
    // writes the same text, and later screens of this page agree with it ...
    const { timeZone, dates } = first;
    if (timeZone) setTimeZoneSource(() => timeZone);
    // ... and its dates are written as the server wrote them, without making a formatter during the takeover.
    if (dates) adoptWrittenDates(dates);
    const [i18n] = await Promise.all([
      createI18n(lang, options.namespaces),
      resolveLazy(options.routes, first.routeIds),
    ]);
    await nextTask();
    const router = createBrowserRouter(options.routes, { hydrationData: { loaderData: first.loaderData } });
    await nextTask();
    // What the player typed into these meanwhile is handed to the forms when they are taken over (early-input.ts).
    rememberServerControls(root);
    hydrateFirstScreen(
      () =>
        hydrateRoot(
          root,
          <StrictMode>
            <I18nextProvider i18n={i18n}>
              <RouterProvider router={router} />
            </I18nextProvider>
          </StrictMode>,
        ),
      () => root.setAttribute('data-taken-over', ''),
    );
    return;
  }
  // A data router starts its first navigation when it is created: the screen's chunk and its data load while
  // the strings do, instead of after them (one round trip less before the first screen on a slow network).
  // Loaders need the language only, which is set above.
  const router = createBrowserRouter(options.routes);
  const i18n = await createI18n(lang, options.namespaces);
  // The server's markup in another language or form is not kept under the page rendered here.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
  // Every screen drawn from here on is drawn by the scripts, its handlers attached as it appears.
  root.setAttribute('data-taken-over', '');
}
