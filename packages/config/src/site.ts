/**
 * The site config shared by every app and the API: who we are (region 5, SEA), which languages are on,
 * which hosts exist. Values that differ per deployment (host URLs) only have local defaults here; each app
 * reads its real values from its own environment once (config/env.ts) and falls back to these.
 */
import { apiGroups, type ApiGroup, type languageCodes } from '@gp/contracts';

export const site = {
  area: 'SEA',
  /** The regional site's distribution region (spec 9). */
  distributionRegion: 5,
  /** Region sent by default on calls other than payment (spec 9). */
  defaultRegion: 7,
  sourceIndex: 7,
  defaultLanguage: 'en',
  /** ja is defined but not enabled (spec 1). */
  enabledLanguages: ['en', 'th', 'cn', 'vi', 'zh'],
} as const;

export type LanguageCode = (typeof languageCodes)[number];
export type EnabledLanguage = (typeof site.enabledLanguages)[number];

export const appNames = ['portal', 'passport', 'pay', 'csAdmin'] as const;
export type AppName = (typeof appNames)[number];

/** Local ports (DESIGN section 3). Production puts each app on its own host instead. */
export const localPorts: Record<AppName | 'api' | 'demoId' | 'gameSim', number> = {
  portal: 8080,
  passport: 8081,
  pay: 8082,
  csAdmin: 8083,
  api: 8090,
  /** The built-in "Demo ID" sign-in provider (DESIGN section 6), loopback only, never in production. */
  demoId: 8094,
  /** The built-in game server's game-server protocol (apps/api modules/pay), loopback only, never in production. */
  gameSim: 8095,
};

export interface Hosts {
  /** Origin of each app, e.g. https://www.example.com */
  apps: Record<AppName, string>;
  /** Up to three base URLs per API group, tried in order (spec 7 "three numbered host variants"). */
  api: Record<ApiGroup, string[]>;
}

export function localHosts(hostname = 'localhost'): Hosts {
  const origin = (port: number) => `http://${hostname}:${port}`;
  const apiBase = origin(localPorts.api);
  return {
    apps: {
      portal: origin(localPorts.portal),
      passport: origin(localPorts.passport),
      pay: origin(localPorts.pay),
      csAdmin: origin(localPorts.csAdmin),
    },
    api: Object.fromEntries(apiGroups.map((g) => [g, [`${apiBase}/${g}`]])) as Record<ApiGroup, string[]>,
  };
}

/** Feature flags that are product decisions, not deployment settings. */
export const features = {
  /** Third-party (social) login offered on the login screens. */
  socialLogin: true,
} as const;
