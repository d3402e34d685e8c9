/**
 * A list's filters as its screen's URL carries them (`?q=...&state=...&page=2`), so a reload or a link sent to a
 * colleague shows the same rows. Each filter is declared once: its URL parameter and how a value is read back;
 * a value a hand-edited link breaks is dropped rather than sent.
 */
import dayjs from 'dayjs';

/** Reads one filter from its parameter's text; undefined drops it. */
export type ParamReader<T> = (raw: string) => T | undefined;

/** The largest id the calls take (a 32-bit integer). */
const maxId = 2_147_483_647;
/** Pages beyond this are never asked for. */
const maxPage = 10_000;

export const readParam = {
  /** Words or a code: trimmed, cut at `max` characters, nothing when empty. */
  text:
    (max: number): ParamReader<string> =>
    (raw) =>
      raw.trim().slice(0, max) || undefined,
  /** A whole number from `min` up to the largest id. */
  id:
    (min = 1): ParamReader<number> =>
    (raw) => {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isInteger(n) && n >= min && n <= maxId ? n : undefined;
    },
  /** A time, written back as ISO. */
  time: ((raw) => {
    const time = dayjs(raw);
    return time.isValid() ? time.toISOString() : undefined;
  }) satisfies ParamReader<string>,
  /** One of a closed list of values. */
  oneOf:
    <T extends string | number>(values: readonly T[]): ParamReader<T> =>
    (raw) =>
      values.find((value) => String(value) === raw),
};

/** Each filter of `F` but the page: its URL parameter and how it is read. */
export type UrlFilterParams<F extends { page: number }> = {
  [K in Exclude<keyof F, 'page'>]-?: readonly [param: string, read: ParamReader<NonNullable<F[K]>>];
};

/**
 * A list's filters in and out of its URL: `fromUrl` reads each declared filter (and the page, 1 unless a later
 * one is asked, at most 10,000), `toSearch` writes the filters set, in the declared order, then the page from 2.
 */
export function urlFilters<F extends { page: number }>(params: UrlFilterParams<F>) {
  const entries = Object.entries(params) as [string, readonly [string, ParamReader<unknown>]][];
  const readPage = readParam.id();
  return {
    fromUrl(url: URL): F {
      const search = url.searchParams;
      const filters: Record<string, unknown> = {
        page: Math.min(readPage(search.get('page') ?? '') ?? 1, maxPage),
      };
      for (const [key, [param, read]] of entries) {
        const raw = search.get(param);
        const value = raw === null ? undefined : read(raw);
        if (value !== undefined) filters[key] = value;
      }
      return filters as F;
    },
    toSearch(filters: F): URLSearchParams {
      const search = new URLSearchParams();
      for (const [key, [param]] of entries) {
        const value = (filters as Record<string, unknown>)[key];
        if (value !== undefined && value !== null && value !== '') search.set(param, String(value));
      }
      if (filters.page > 1) search.set('page', String(Math.min(filters.page, maxPage)));
      return search;
    },
  };
}

/** The filters set, without the page: what a page call takes beside its `page_num` and `page_size`. */
export function filtersSet<F extends { page: number }>(filters: F): Omit<F, 'page'> {
  return Object.fromEntries(
    Object.entries(filters as Record<string, unknown>).filter(
      ([key, value]) => key !== 'page' && value !== undefined && value !== '',
    ),
  ) as Omit<F, 'page'>;
}
