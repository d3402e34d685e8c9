/**
 * News and activities are the same kind of content (an article) with their own pages and categories. The list
 * query lives in the URL (`?page=N&category=...`) so paging and filtering are shareable links.
 */
import { articleCategories, type ArticleCategory } from '@gp/contracts/web';

export type ArticleKind = 'news' | 'activity';

export interface KindSettings {
  /** Desktop path of the list (SiteLink picks the H5 twin). */
  listPath: string;
  detailPath: (id: number) => string;
  categories: readonly ArticleCategory[];
}

export const kinds: Record<ArticleKind, KindSettings> = {
  news: {
    listPath: '/news',
    detailPath: (id) => `/news-detail/${id}`,
    categories: ['notice', 'update', 'maintenance', 'event'],
  },
  activity: {
    listPath: '/active',
    detailPath: (id) => `/active-detail/${id}`,
    categories: ['event', 'campaign', 'tournament'],
  },
};

export const listPageSize = 10;
/** The API refuses page numbers beyond this (contracts: page_num max 10 000). */
const maxPage = 10_000;

export interface ListQuery {
  page: number;
  category: ArticleCategory | undefined;
}

/** Anything but a whole number from 1 up reads as page 1; an unknown category as "all". */
export function parseListQuery(search: URLSearchParams, kind: ArticleKind): ListQuery {
  const rawPage = search.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), maxPage) : 1;
  const raw = search.get('category');
  const known = articleCategories.find((c) => c === raw);
  const category = known && kinds[kind].categories.includes(known) ? known : undefined;
  return { page, category };
}

/** The list URL (desktop path) for a page and category; page 1 and "all" stay out of the query. */
export function listHref(kind: ArticleKind, query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `${kinds[kind].listPath}?${search}` : kinds[kind].listPath;
}

/** A route `:id`: a positive whole number the API accepts, else undefined (answered as not found). */
export function parseArticleId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
