/**
 * i18next for the browser apps. Locale files are loaded lazily per language, so a phone downloads only the
 * language it shows. en is the source of every key (locales/en/*.json); the other languages must have them all
 * (locales.test.ts fails otherwise).
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { messageKey, messageNamespace, type ErrorDomain } from '@gp/errors';
import type { EnabledLanguage } from '@gp/config';
import {
  defaultLanguage,
  i18nextLanguage,
  initialLanguage,
  isEnabledLanguage,
  latestLanguageCookie,
  optionOf,
  storeLanguage,
  type LanguageEnvironment,
} from './languages.ts';
import { isTimeZone, timeZoneCookie } from './format.ts';
import { takeLanguage, withLanguage } from './language-link.ts';

export * from './languages.ts';
export * from './language-link.ts';

/** The namespaces the player apps start with (common and errors in every app, the console too). */
export const playerNamespaces = ['common', 'errors', 'portal', 'passport', 'pay'] as const;
/**
 * The portal's namespaces that their own screens load (`addStrings`), never `createI18n`: the legal pages' and
 * customer service's strings stay off the first screen.
 */
export const screenNamespaces = ['static', 'service'] as const;
/**
 * The console's own namespaces, all loaded at its start: its screens' texts and the staff domain's error texts
 * (`staff-errors`, see `messageNamespace` of @gp/errors). Their files come with `@gp/i18n/console-locales`.
 */
export const consoleNamespaces = ['admin', 'desk', 'cms', 'ops', 'staff-errors'] as const;
export type Namespace =
  (typeof playerNamespaces)[number] | (typeof screenNamespaces)[number] | (typeof consoleNamespaces)[number];

/** Lazy loaders of locale files by path (`../locales/<lang>/<namespace>.json`), as `import.meta.glob` gives them. */
export type LocaleLoaders = Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>;

// The player apps' start namespaces only: every file the glob matches is a loader entry per language on every
// player app's first screen, and its chunks ship beside it, so a glob over all of them would carry the console's
// namespaces (the staff-only error texts among them) to every player. The console adds its own
// (`console-locales.ts`); the screen namespaces are imported by their screens.
const loaders: LocaleLoaders = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/*/{common,errors,portal,passport,pay}.json',
);

async function loadNamespace(
  lang: EnabledLanguage,
  ns: Namespace,
  more: LocaleLoaders,
): Promise<Record<string, unknown>> {
  const path = `../locales/${lang}/${ns}.json`;
  const load = more[path] ?? loaders[path];
  if (!load) {
    throw new Error(
      `no loader for ${lang}/${ns}.json: console namespaces need consoleLocales, screen namespaces their screens`,
    );
  }
  return (await load()).default;
}

/**
 * Starts i18next in `lang` with the given namespaces (common and errors are always loaded), all before it
 * answers, so no screen shows a key while its text loads. A console namespace needs its loaders in `more`
 * (`consoleLocales` of `@gp/i18n/console-locales`). i18next knows the languages by their BCP 47 tags
 * (`i18nextLanguage`: `cn` is `zh-Hans`), so `i18n.language` is a tag; `languageOf` turns it back into our code.
 */
export async function createI18n(
  lang: EnabledLanguage,
  extra: readonly Namespace[] = [],
  more: LocaleLoaders = {},
): Promise<I18n> {
  const ns = [...new Set<Namespace>(['common', 'errors', ...extra])];
  const langs = lang === defaultLanguage ? [lang] : [lang, defaultLanguage];
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  await Promise.all(
    langs.flatMap((l) =>
      ns.map(async (n) => {
        (resources[i18nextLanguage(l)] ??= {})[n] = await loadNamespace(l, n, more);
      }),
    ),
  );
  const instance = i18next.createInstance();
  await instance.init({
    lng: i18nextLanguage(lang),
    fallbackLng: i18nextLanguage(defaultLanguage),
    // Only the tag itself, then en: no lookups under a bare `zh` that both Chinese scripts would share.
    load: 'currentOnly',
    ns,
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });
  return instance;
}

/**
 * Adds strings a screen loads itself (per our language code) to i18next, under the tags i18next knows the
 * languages by; a language it already has is skipped.
 */
export function addStrings(
  i18n: I18n,
  ns: Namespace,
  bundles: Partial<Record<EnabledLanguage, Record<string, unknown>>>,
): void {
  for (const [lang, bundle] of Object.entries(bundles) as [
    EnabledLanguage,
    Record<string, unknown> | undefined,
  ][]) {
    const tag = i18nextLanguage(lang);
    if (bundle && !i18n.hasResourceBundle(tag, ns)) i18n.addResourceBundle(tag, ns, bundle);
  }
}

/** What the browser tells us: this host's storage and the visitor's preferred languages. */
export function browserLanguageEnvironment(): LanguageEnvironment {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  const cookies = {
    get: readCookie,
    // A session cookie, as the storage it mirrors lasts the browser session; sent to this host's pages only.
    set: (name: string, value: string) => {
      document.cookie = `${name}=${value}; Path=/; SameSite=Lax${secureCookie()}`;
    },
  };
  return { storage, cookies, host: window.location.host, preferred };
}

const readCookie = (name: string) =>
  String(document.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
const secureCookie = () => (window.location.protocol === 'https:' ? '; Secure' : '');

/** Writes the browser's time zone to this host's `timeZoneCookie` when it is missing or changed. */
function writeTimeZone(): void {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!isTimeZone(zone)) return;
  const value = encodeURIComponent(zone);
  if (readCookie(timeZoneCookie) === value) return;
  document.cookie = `${timeZoneCookie}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secureCookie()}`;
}

/**
 * Keeps the browser's time zone in this host's `timeZoneCookie` for a year (a device's zone seldom changes), so
 * the next page the server renders writes its dates in it (request-language.ts `requestTimeZone`).
 *
 * It is written when the page is first hidden (the player leaves it, switches tab or locks the phone), not while
 * the page loads: finding the zone makes the page's first Intl formatter, and the first one costs a phone tens of
 * milliseconds of blocked main thread (the runtime loads its locale data then). A page taken over from the server
 * makes none at all (format.ts `adoptWrittenDates`). Until then the server writes dates in the site's zone, naming
 * it where the zone matters.
 */
export function rememberTimeZone(): void {
  const write = () => {
    document.removeEventListener('visibilitychange', whenHidden);
    window.removeEventListener('pagehide', write);
    writeTimeZone();
  };
  const whenHidden = () => {
    if (document.visibilityState === 'hidden') write();
  };
  document.addEventListener('visibilitychange', whenHidden);
  window.addEventListener('pagehide', write);
}

let active: EnabledLanguage = defaultLanguage;
/** Where `latestLanguageCookie` lives for this page's hosts (languages.ts `sharedCookieScope`). */
let latestScope: { domain?: string } | undefined;

/** The language of the page the player sees now, for the page of another host the back button returns to. */
function rememberLatest(value: EnabledLanguage): void {
  if (!latestScope) return;
  const domain = latestScope.domain ? `; Domain=${latestScope.domain}` : '';
  try {
    // A session cookie, as the choices it stands for last the browser session.
    document.cookie = `${latestLanguageCookie}=${value}; Path=/${domain}; SameSite=Lax${secureCookie()}`;
  } catch {
    // Cookies switched off: the page the back button returns to shows its host's own choice.
  }
}

/** The latest language of our hosts, when the player reached this page by back or forward and it is not `now`. */
function latestOnReturn(now: EnabledLanguage | undefined): EnabledLanguage | undefined {
  const latest = latestScope ? readCookie(latestLanguageCookie) : undefined;
  return isEnabledLanguage(latest) && latest !== now ? latest : undefined;
}

const reachedByHistory = () =>
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
  'back_forward';

/**
 * The language this page starts in, also written to `<html lang>`: with `carried` (every app), the one a link
 * from another of our hosts carried (kept for this host from now on, and taken out of the address before the
 * router reads it); on a page the back or forward button returned to, the language of the page the player saw
 * last on any of our player hosts (`languageScope`; the console passes none and takes no part); else this host's stored
 * choice, else the browser's. A page the browser kept whole and shows again (the back-forward cache) reloads in
 * that language when it differs. No screen may use `lang` in its address for anything else (the console's FAQ
 * list names its language filter `language`).
 */
export function startLanguage({
  carried: adopt = false,
  languageScope,
}: {
  carried?: boolean;
  /** languages.ts `sharedCookieScope` of our player hosts (worked out by the build); null: they share none. */
  languageScope?: { domain?: string } | null;
} = {}): EnabledLanguage {
  const env = browserLanguageEnvironment();
  latestScope = languageScope ?? undefined;
  const carried = adopt ? takeLanguage(window.location.href) : { lang: undefined, url: '', found: false };
  if (carried.found) window.history.replaceState(window.history.state, '', carried.url);
  const returned = carried.lang || !reachedByHistory() ? undefined : latestOnReturn(undefined);
  const chosen = carried.lang ?? returned;
  if (chosen) storeLanguage(env, chosen);
  active = chosen ?? initialLanguage(env);
  rememberLatest(active);
  document.documentElement.lang = optionOf(active).lang;
  window.addEventListener?.('pageshow', (event: PageTransitionEvent) => {
    const latest = event.persisted ? latestOnReturn(active) : undefined;
    if (!latest) return;
    storeLanguage(browserLanguageEnvironment(), latest);
    window.location.reload();
  });
  return active;
}

let source: (() => EnabledLanguage | undefined) | undefined;

/**
 * Where the page language comes from instead, while it answers: the server renders pages of several languages at
 * once in one process, so it names the language of the render in progress (its own async context).
 */
export function setLanguageSource(next: () => EnabledLanguage | undefined): void {
  source = next;
}

/** The page language, for the `lang` parameter of calls. A switch reloads the page, so it never changes live. */
export function currentLanguage(): EnabledLanguage {
  return source?.() ?? active;
}

/** A link or redirect to another of our hosts, carrying the page language so the player keeps it there. */
export function carryLanguage(url: string): string {
  return withLanguage(url, currentLanguage());
}

/** Keeps the choice for this host and reloads, as the spec asks. */
export function switchLanguage(value: EnabledLanguage): void {
  storeLanguage(browserLanguageEnvironment(), value);
  rememberLatest(value);
  window.location.reload();
}

/**
 * The translated message for an error code of a domain; never the server's free text. The staff domain's texts
 * are in `staff-errors`, which only the console loads (`messageNamespace`).
 */
export function errorText(t: TFunction, domain: ErrorDomain, code: number): string {
  const key = messageKey(domain, code);
  return t(key, { ns: messageNamespace(key) });
}
