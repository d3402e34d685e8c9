/**
 * Builds a player app's data routes from the site map: every route of the host, each checked before it renders
 * (another host serves it: go there; the device wants the other form: replace with the twin, query kept; login
 * needed and none: passport login with `redirect`), lazy screens with a 120 s chunk limit, and the shell around
 * them (header, footer, progress bar, title). Routes without a screen yet show their layout and heading.
 */
import type { ComponentType } from 'react';
import { redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { routesOfHost, type SiteRoute } from '@gp/config/site-map';
import { deviceKind, deviceRedirect, hostHop, wantsH5 } from '@gp/config/navigation-rules';
import { ApiError, type ApiClient } from '@gp/api-client';
import { codes } from '@gp/errors';
import type { Hosts } from '@gp/config';
import type { PlayerHost } from '@gp/config/site-map';
import { carryLanguage } from '@gp/i18n';
import { RouteError } from '../route-error.tsx';
import { loadChunk } from './lazy-screen.ts';
import { loadNavigation } from './navigation-data.ts';
import { PendingScreen } from './pending-screen.tsx';
import { currentUser, forgetUser, loginUrl } from './session.ts';
import { originsOf, type ShellSettings } from './shell-context.tsx';
import { FirstLoad, Shell } from './shell.tsx';
import type { RouteHandle } from './shell-data.ts';

export interface ScreenModule {
  default: ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

export interface ShellOptions {
  host: PlayerHost;
  hosts: Hosts;
  api: ApiClient;
  /** Screens by site-map route id; both forms may share one module. */
  screens: Partial<Record<string, () => Promise<ScreenModule>>>;
  device?: ShellSettings['device'];
  /** Leaves for another host, replacing this history entry (tests observe it). */
  leave?: (url: string) => void;
}

export type { RouteHandle };

export const browserDevice = () => deviceKind(navigator.userAgent, navigator.maxTouchPoints);

export function createShellRoutes(options: ShellOptions): RouteObject[] {
  const settings: ShellSettings = {
    host: options.host,
    hosts: options.hosts,
    api: options.api,
    device: options.device ?? browserDevice,
  };
  const origins = originsOf(options.hosts);
  const leave = options.leave ?? ((url: string) => window.location.replace(url));
  /** Leaves for another host; nothing renders meanwhile. */
  const leaveFor = (url: string): Promise<never> => {
    leave(url);
    return new Promise<never>(() => {});
  };

  /** Host and form checks every route runs before anything else. */
  function placement(request: Request): Promise<never> | Response | undefined {
    const url = new URL(request.url);
    const hop = hostHop(url.pathname, url.search, options.host, origins);
    if (hop) return leaveFor(carryLanguage(hop));
    const twin = deviceRedirect(url.pathname, url.search, settings.device());
    if (twin) return replace(twin);
    return undefined;
  }

  const child = (route: SiteRoute): RouteObject => {
    const screen = options.screens[route.id];
    return {
      id: route.id,
      ...(route.path === '/' ? { index: true as const } : { path: route.path }),
      handle: { siteRoute: route } satisfies RouteHandle,
      errorElement: <RouteError />,
      loader: async (args) => {
        const moved = placement(args.request);
        if (moved) return moved;
        const toLogin = () => {
          const h5 = route.form === 'h5' || (route.form === 'both' && wantsH5(settings.device(), route));
          return leaveFor(loginUrl(options.hosts, h5, args.request.url));
        };
        if (route.requiresLogin) {
          const user = await currentUser(options.api);
          if (!user) return toLogin();
        }
        if (!screen) return null;
        const module = await loadChunk(screen);
        if (!module.loader) return null;
        try {
          return await module.loader(args);
        } catch (error) {
          // The session ended while the player was on the site (the member read above was a moment old): the
          // login with this page as `redirect`, not a "not logged in" message.
          if (route.requiresLogin && error instanceof ApiError && error.code === codes.notLoggedIn) {
            forgetUser();
            return toLogin();
          }
          throw error;
        }
      },
      lazy: async () => {
        const Component = screen ? (await loadChunk(screen)).default : PendingScreen;
        return { Component };
      },
    };
  };

  const own = routesOfHost(options.host);
  const elsewhere = ({ request }: LoaderFunctionArgs) => placement(request) ?? redirect('/');

  return [
    {
      id: 'shell',
      path: '/',
      loader: async ({ request }) => {
        const url = new URL(request.url);
        if (hostHop(url.pathname, url.search, options.host, origins)) return null; // the child leaves
        // The server renders as a visitor (the session cookie belongs to the API's host); the page asks for the
        // member once it has taken over (`Shell`).
        const server = typeof window === 'undefined';
        const [navigation, user] = await Promise.all([
          loadNavigation(options.api),
          server ? null : currentUser(options.api).catch(() => null),
        ]);
        return server ? { navigation, user, userPending: true } : { navigation, user };
      },
      // The header keeps its data while the visitor moves between pages; a reload refreshes it.
      shouldRevalidate: ({ formMethod }) => formMethod !== undefined && formMethod !== 'GET',
      element: <Shell settings={settings} />,
      // While the first page's data loads: the progress bar, nothing else to flash.
      HydrateFallback: FirstLoad,
      errorElement: <RouteError />,
      children: [
        ...own.map(child),
        // `/` on the passport and pay hosts is the portal's home: hand it over like any unknown path.
        ...(own.some((r) => r.path === '/') ? [] : [{ index: true, loader: elsewhere }]),
        { path: '*', loader: elsewhere },
      ],
    },
  ];
}
