/**
 * Texts per language in the content forms. The form holds `texts.<lang>.<field>` for every language; a language
 * counts as written once any of its fields has something in it. A save sends en (always) and each written
 * language, and leaves out the empty ones: the server then removes them and their players read en.
 */
import { contentLanguages, type ContentLanguage } from '@gp/contracts/content-admin';

export type TextValues = Record<string, string | undefined>;
export type TextsValues = Partial<Record<ContentLanguage, TextValues | undefined>>;

/** Whether a text field holds anything (a rich body with no text left counts as empty). */
export function hasContent(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return value.replace(/<[^>]*>/g, '').trim() !== '';
}

/** Whether one language's fields hold anything. */
export function isWritten(text: TextValues | undefined): boolean {
  return text !== undefined && Object.values(text).some(hasContent);
}

/** The languages with something written, in the site's order (en first). */
export function writtenLanguages(texts: TextsValues | undefined): ContentLanguage[] {
  return contentLanguages.filter((lang) => isWritten(texts?.[lang]));
}

/** The `texts` of a save: en always, the other written languages, each with exactly `fields` (blank: ''). */
export function textsForSave<F extends string>(
  texts: TextsValues | undefined,
  fields: readonly F[],
): { en: Record<F, string> } & Partial<Record<ContentLanguage, Record<F, string>>> {
  const pick = (text: TextValues | undefined) =>
    Object.fromEntries(fields.map((f) => [f, hasContent(text?.[f]) ? text![f]! : ''])) as Record<F, string>;
  const out: { en: Record<F, string> } & Partial<Record<ContentLanguage, Record<F, string>>> = {
    en: pick(texts?.en),
  };
  for (const lang of contentLanguages) {
    if (lang !== 'en' && isWritten(texts?.[lang])) out[lang] = pick(texts?.[lang]);
  }
  return out;
}

/** The form's `texts` from an answer's (every language present, the missing ones empty). */
export function textsForForm<T extends object>(
  texts: Partial<Record<ContentLanguage, T>> | undefined,
): TextsValues {
  return Object.fromEntries(
    contentLanguages.map((lang) => [lang, { ...(texts?.[lang] ?? {}) } as TextValues]),
  ) as TextsValues;
}
