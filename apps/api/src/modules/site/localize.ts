/**
 * Content is stored per language; a reader gets their language, else en (the source), so a missing
 * translation never hides an item.
 */
import { site } from '@gp/config';

export function languagesFor(lang: string): string[] {
  return lang === site.defaultLanguage ? [lang] : [lang, site.defaultLanguage];
}

/** Collapses rows of (key, lang) into one per key, preferring `lang`, keeping the first-seen order. */
export function pickLanguage<R extends { lang: string }, K>(
  rows: readonly R[],
  lang: string,
  keyOf: (r: R) => K,
): R[] {
  const chosen = new Map<K, R>();
  for (const row of rows) {
    const key = keyOf(row);
    const current = chosen.get(key);
    if (!current || (current.lang !== lang && row.lang === lang)) chosen.set(key, row);
  }
  return [...chosen.values()];
}
