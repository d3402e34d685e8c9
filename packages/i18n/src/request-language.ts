/**
 * The language a server renders a page in, by the rules the browser applies (`startLanguage`): the language a
 * link from another of our hosts carries, else the choice this host's cookie mirrors, else the first of the
 * request's Accept-Language that we support (by its q order, as `navigator.languages` lists them), else en.
 */
import type { EnabledLanguage } from '@gp/config';
import { isTimeZone, timeZoneCookie } from './format.ts';
import { takeLanguage } from './language-link.ts';
import { isEnabledLanguage, languageCookieName, matchBrowserLanguage } from './languages.ts';

export interface LanguageRequest {
  /** The Host header: the choice is kept per host. */
  host: string;
  /** The path and query asked for. */
  url: string;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}

/** The tags of an Accept-Language header, most preferred first (`q=0` ones left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function requestLanguage(request: LanguageRequest): EnabledLanguage {
  const carried = takeLanguage(request.url).lang;
  if (carried) return carried;
  const mirrored = cookieValue(request.cookie, languageCookieName(request.host));
  if (isEnabledLanguage(mirrored)) return mirrored;
  return matchBrowserLanguage(acceptedLanguages(request.acceptLanguage));
}

/** The zone a server renders a page's dates in: the browser's, as its cookie says (`timeZoneCookie`), else `site`. */
export function requestTimeZone(cookie: string | undefined, site: string): string {
  const zone = cookieValue(cookie, timeZoneCookie);
  const decoded = zone === undefined ? undefined : safeDecode(zone);
  return isTimeZone(decoded) ? decoded : site;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
