/**
 * What the bench measures: the apps and their H5 landing pages, where a phone arrives first. A page names the
 * source modules its first render loads lazily (its screen and the locale files of the boot language), so the
 * byte count comes from the build manifest alone; the browser part of the bench checks the same list against a
 * real page load.
 */
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type AppName = 'portal' | 'passport' | 'pay' | 'cs-admin';

export interface AppInfo {
  name: AppName;
  /** Relative to the repository root. */
  dir: string;
  /** Where `pnpm start` serves it. */
  port: number;
  /** Player apps are held to the byte budgets and must not contain antd. */
  player: boolean;
}

export const apps: readonly AppInfo[] = [
  { name: 'portal', dir: 'apps/portal', port: 8080, player: true },
  { name: 'passport', dir: 'apps/passport', port: 8081, player: true },
  { name: 'pay', dir: 'apps/pay', port: 8082, player: true },
  { name: 'cs-admin', dir: 'apps/cs-admin', port: 8083, player: false },
];

export interface LandingPage {
  /** Key in results and budgets, e.g. `portal /h5`. */
  key: string;
  app: AppName;
  path: string;
  /** Manifest keys (source paths relative to the app) of the screens the first render loads lazily. */
  screens: readonly string[];
  /** i18n namespaces loaded before the first render (common and errors always; see bootApp and createI18n). */
  namespaces: readonly string[];
  /** Lighthouse runs on this page. */
  lighthouse: boolean;
  /**
   * The form Lighthouse measures it in: a phone (its default mobile profile) or a desktop (`/`, which sends
   * phones to `/h5`).
   */
  form: 'h5' | 'desktop';
}

const page = (
  app: AppName,
  path: string,
  screens: string[],
  ns: string[],
  lighthouse: boolean,
  form: LandingPage['form'] = 'h5',
): LandingPage => ({
  key: `${app} ${path}`,
  app,
  path,
  screens,
  namespaces: ['common', 'errors', ...ns],
  lighthouse,
  form,
});

export const landingPages: readonly LandingPage[] = [
  page('portal', '/h5', ['src/routes/home.tsx'], ['portal'], true),
  page('portal', '/news/h5', ['src/routes/article-list.tsx'], ['portal'], true),
  page('portal', '/', ['src/routes/home.tsx'], ['portal'], true, 'desktop'),
  page('pay', '/pay_h5', ['src/routes/pay-h5-home.tsx'], ['pay'], true),
  page('passport', '/login_h5', ['src/routes/login.tsx'], ['passport'], true),
];

/** The language a phone without a stored choice and with an English browser starts in. */
export const benchLanguage = 'en';
