/**
 * The language list (spec 3 "Language option": label, value, lang, nvLang) and the rules that pick one:
 * the stored choice for this host, else the browser's languages, else en.
 */
import { site, type EnabledLanguage, type LanguageCode } from '@gp/config';

export interface LanguageOption {
  /** The language's name in itself, as the switcher shows it. */
  label: string;
  /** Our code, sent as `lang` on every call. */
  value: LanguageCode;
  /** BCP 47 tag for `<html lang>` and Intl formatting. */
  lang: string;
  /** The navigator language this option stands for. */
  nvLang: string;
}

export const languageOptions: readonly LanguageOption[] = [
  { label: 'English', value: 'en', lang: 'en', nvLang: 'en-US' },
  { label: 'ไทย', value: 'th', lang: 'th', nvLang: 'th-TH' },
  { label: '简体中文', value: 'cn', lang: 'zh-Hans', nvLang: 'zh-CN' },
  { label: 'Tiếng Việt', value: 'vi', lang: 'vi', nvLang: 'vi-VN' },
  { label: '繁體中文', value: 'zh', lang: 'zh-Hant', nvLang: 'zh-TW' },
  { label: '日本語', value: 'ja', lang: 'ja', nvLang: 'ja-JP' },
];

export const enabledLanguages: readonly EnabledLanguage[] = site.enabledLanguages;
export const defaultLanguage: EnabledLanguage = site.defaultLanguage;

export function isEnabledLanguage(value: unknown): value is EnabledLanguage {
  return typeof value === 'string' && (enabledLanguages as readonly string[]).includes(value);
}

export function enabledLanguageOptions(): LanguageOption[] {
  return languageOptions.filter((o) => isEnabledLanguage(o.value));
}

export function optionOf(value: EnabledLanguage): LanguageOption {
  const option = languageOptions.find((o) => o.value === value);
  if (!option) throw new Error(`no language option for ${value}`);
  return option;
}

/**
 * The language tag i18next runs in for one of our codes: its plural rules and formatters go by Intl, and our `cn`
 * is no tag Intl knows (it would fall back to the browser's locale), so i18next gets `zh-Hans` / `zh-Hant`.
 * Everything else (URLs, the `lang` parameter, storage) keeps our codes.
 */
export function i18nextLanguage(value: EnabledLanguage): string {
  return optionOf(value).lang;
}

/** Our code for one of ours or for the tag i18next reports (`i18n.language`); undefined for anything else. */
export function languageOf(value: string): EnabledLanguage | undefined {
  if (isEnabledLanguage(value)) return value;
  const option = enabledLanguageOptions().find((o) => o.lang.toLowerCase() === value.toLowerCase());
  return option && isEnabledLanguage(option.value) ? option.value : undefined;
}

/**
 * Maps a browser language tag to one of ours. Chinese needs the script: zh-TW, zh-HK, zh-MO and zh-Hant are
 * traditional (our `zh`); every other Chinese tag is simplified (our `cn`).
 */
export function languageFromTag(tag: string): EnabledLanguage | undefined {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  const primary = parts[0];
  if (!primary) return undefined;
  if (primary === 'zh') {
    const traditional = parts.some((p) => p === 'hant' || p === 'tw' || p === 'hk' || p === 'mo');
    return traditional ? 'zh' : 'cn';
  }
  if (primary === 'cn') return 'cn';
  return isEnabledLanguage(primary) ? primary : undefined;
}

/** The first of the browser's preferred languages that we support, else the default. */
export function matchBrowserLanguage(preferred: readonly string[]): EnabledLanguage {
  for (const tag of preferred) {
    const match = languageFromTag(tag);
    if (match) return match;
  }
  return defaultLanguage;
}

/** The choice is kept per host (spec 4), so each app of one domain can hold its own. */
export function storageKey(host: string): string {
  return `gp.lang:${host}`;
}

/**
 * The cookie mirroring the choice for this host, so the server renders the first screen in it. Cookies
 * are shared by every port of a host name, so the name carries the whole host, port included, as storage does.
 */
export function languageCookieName(host: string): string {
  return `gp_lang_${host.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
}

/**
 * The language of the page the player saw last on any of our player hosts, in a cookie they all read. Each host
 * keeps its own choice (spec 4) and a link carries the language forward, but the back button returns to an address
 * that carries none: a page reached by back or forward shows this language, not the one its host stored before
 * the player chose another one elsewhere (i18n.ts `startLanguage`).
 */
export const latestLanguageCookie = 'gp_latest_lang';

const isAddress = (hostname: string) => /^[\d.]+$/.test(hostname) || hostname.includes(':');

/**
 * Where a cookie all of `hostnames` read can live: `{}` (no Domain) when they are one host name, as in development,
 * where the hosts differ by port and cookies ignore ports; `{ domain }` for the longest dot-suffix of two labels or
 * more that they all share (`portal.gp.example` and `pay.gp.example`: `gp.example`); undefined when they share
 * none, or are different IP addresses, which no cookie spans.
 */
export function sharedCookieScope(hostnames: readonly string[]): { domain?: string } | undefined {
  const names = [...new Set(hostnames.map((h) => h.toLowerCase().replace(/\.$/, '')))];
  if (names.length === 0) return undefined;
  if (names.length === 1) return {};
  if (names.some(isAddress)) return undefined;
  const labels = names.map((n) => n.split('.').reverse());
  const shared: string[] = [];
  for (let i = 0; labels.every((l) => l[i] !== undefined && l[i] === labels[0]![i]); i++)
    shared.push(labels[0]![i]!);
  return shared.length >= 2 ? { domain: shared.reverse().join('.') } : undefined;
}

export interface LanguageEnvironment {
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void } | undefined;
  /** This host's cookies (`document.cookie` in browsers); absent where there are none, as in tests. */
  cookies?: { get(name: string): string | undefined; set(name: string, value: string): void };
  host: string;
  preferred: readonly string[];
}

/**
 * The language to start with: the stored choice for this host if still enabled, else the one its cookie mirrors
 * (a new tab: storage is per tab, the cookie is not, and the server rendered the page in it), else the browser
 * match.
 */
export function initialLanguage(env: LanguageEnvironment): EnabledLanguage {
  let stored: string | null = null;
  try {
    stored = env.storage?.getItem(storageKey(env.host)) ?? null;
  } catch {
    // Storage can be switched off (private mode); the browser language still works.
  }
  if (isEnabledLanguage(stored)) return stored;
  const mirrored = env.cookies?.get(languageCookieName(env.host));
  const start = isEnabledLanguage(mirrored) ? mirrored : matchBrowserLanguage(env.preferred);
  storeLanguage(env, start);
  return start;
}

/**
 * Stores the choice for this host, and mirrors it into this host's cookie for the server; the caller reloads the
 * page (spec 4: changing language reloads).
 */
export function storeLanguage(
  env: Pick<LanguageEnvironment, 'storage' | 'cookies' | 'host'>,
  value: EnabledLanguage,
): void {
  try {
    env.storage?.setItem(storageKey(env.host), value);
  } catch {
    // Nothing to keep it in; the reload falls back to the cookie, else the browser match.
  }
  try {
    env.cookies?.set(languageCookieName(env.host), value);
  } catch {
    // Cookies switched off: the server renders in the browser's language and the page takes over in this one.
  }
}
