/**
 * What the content services share: refusals naming a field, texts per language between rows and answers, the
 * pictures of answers, and the changed fields an audit row keeps.
 */
import {
  contentLanguages,
  type ContentImage,
  type ContentLanguage,
  type ContentStatus,
} from '@gp/contracts/content-admin';
import { RequestValidationError } from '../../../http/app-error.ts';
import type { ContentRefsRepository } from './content-admin.repository.ts';

/** Refuses the request with -400 naming the field and a code the console translates (see the contracts). */
export function fieldError(field: string, code: string): never {
  throw new RequestValidationError([{ field, code }]);
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const asFlag = (on: boolean) => (on ? 1 : 0) as 0 | 1;

/** Kinds that are simply on or off (no times of their own). */
export function onlineStatus(isOnline: boolean): ContentStatus {
  return isOnline ? 'published' : 'draft';
}

const known = (lang: string): lang is ContentLanguage =>
  (contentLanguages as readonly string[]).includes(lang);

/** The languages of these text rows, in the site's order (en first); unknown languages are left out. */
export function languagesOf(rows: readonly { lang: string }[]): ContentLanguage[] {
  const present = new Set(rows.map((r) => r.lang));
  return contentLanguages.filter((l) => present.has(l));
}

/** Text rows as an answer's `texts`: language -> the text's fields. */
export function textsOf<R extends { lang: string }, T>(
  rows: readonly R[],
  fields: (row: R) => T,
): Partial<Record<ContentLanguage, T>> {
  const texts: Partial<Record<ContentLanguage, T>> = {};
  for (const row of rows) if (known(row.lang)) texts[row.lang] = fields(row);
  return texts;
}

/** A save's `texts` as [language, text] pairs in the site's order, languages left out skipped. */
export function textEntries<T>(
  texts: Partial<Record<ContentLanguage, T | undefined>>,
): [ContentLanguage, T][] {
  return contentLanguages.flatMap((lang) => {
    const text = texts[lang];
    return text === undefined ? [] : [[lang, text] as [ContentLanguage, T]];
  });
}

/** The text a list shows: the page language's, else en's, else any. */
export function textIn<R extends { lang: string }>(rows: readonly R[], lang: string): R | undefined {
  return rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'en') ?? rows[0];
}

/** Groups rows by their item. */
export function byOwner<R, K>(rows: readonly R[], ownerOf: (row: R) => K): Map<K, R[]> {
  const map = new Map<K, R[]>();
  for (const row of rows) {
    const key = ownerOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

/** Answers' pictures: media id, the URL players load, the intrinsic size (0 when unknown). */
export async function imageLookup(
  refs: ContentRefsRepository,
  mediaUrl: (id: string) => string,
  ids: readonly string[],
): Promise<(id: string) => ContentImage> {
  const sizes = new Map((await refs.images(ids)).map((m) => [m.id, m]));
  return (id) => ({
    media_id: id,
    url: mediaUrl(id),
    width: sizes.get(id)?.width ?? 0,
    height: sizes.get(id)?.height ?? 0,
  });
}

/** Refuses media ids that were never uploaded (-400 `not_found` at the first such field). */
export async function requireImages(
  refs: ContentRefsRepository,
  fields: Record<string, string>,
): Promise<void> {
  const found = new Set((await refs.images(Object.values(fields))).map((m) => m.id));
  for (const [field, id] of Object.entries(fields)) if (!found.has(id)) fieldError(field, 'not_found');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The audit row's before / after of a save: only the fields that changed, nested objects (texts per language)
 * narrowed the same way. A create (no before) keeps the whole item as after. Undefined when nothing changed.
 */
export function changes(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): { before: Record<string, unknown> | null; after: Record<string, unknown> } | undefined {
  if (!before) return { before: null, after };
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (isPlainObject(a) && isPlainObject(b)) {
      const inner = changes(a, b);
      if (inner) {
        was[key] = inner.before;
        now[key] = inner.after;
      }
      continue;
    }
    was[key] = a ?? null;
    now[key] = b ?? null;
  }
  return Object.keys(now).length === 0 ? undefined : { before: was, after: now };
}
