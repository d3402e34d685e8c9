/**
 * The language travels with the player between our hosts: each host keeps its own choice (spec 4), so
 * every link and redirect to another of our hosts carries the page language as `lang`, and the host it leads to
 * adopts it, keeps it and takes it out of the address bar. The query is edited as text, so every other parameter
 * reaches the next host byte for byte.
 */
import type { EnabledLanguage } from '@gp/config';
import { isEnabledLanguage, languageFromTag } from './languages.ts';

export const languageParam = 'lang';

interface Parts {
  head: string;
  params: string[];
  hash: string;
}

function split(url: string): Parts {
  const hashAt = url.indexOf('#');
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const rest = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  if (queryAt < 0) return { head: rest, params: [], hash };
  return { head: rest.slice(0, queryAt), params: rest.slice(queryAt + 1).split('&'), hash };
}

function join({ head, params, hash }: Parts): string {
  const query = params.filter((p) => p !== '').join('&');
  return `${head}${query ? `?${query}` : ''}${hash}`;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const isLanguageParam = (pair: string) => decode(pair.split('=')[0] ?? '') === languageParam;

/** `url` (absolute or relative) with `lang=<lang>`, replacing any `lang` it had. */
export function withLanguage(url: string, lang: EnabledLanguage): string {
  const parts = split(url);
  return join({
    ...parts,
    params: [...parts.params.filter((p) => !isLanguageParam(p)), `${languageParam}=${lang}`],
  });
}

/** A language code or tag (`th`, `zh-Hant`) as one of ours, or undefined. */
function languageOf(value: string): EnabledLanguage | undefined {
  return isEnabledLanguage(value) ? value : languageFromTag(value);
}

/**
 * What the address says about the language: the `lang` it carries (undefined when absent or not one of ours)
 * and the same address without any `lang`. `found` is false when there was nothing to take out.
 */
export function takeLanguage(url: string): {
  lang: EnabledLanguage | undefined;
  url: string;
  found: boolean;
} {
  const parts = split(url);
  const carried = parts.params.filter(isLanguageParam);
  if (carried.length === 0) return { lang: undefined, url, found: false };
  const value = decode(carried.at(-1)!.split('=').slice(1).join('='));
  return {
    lang: languageOf(value),
    url: join({ ...parts, params: parts.params.filter((p) => !isLanguageParam(p)) }),
    found: true,
  };
}
