/**
 * The content lists' filters as they travel in a screen's URL (`?status=&missing_lang=&q=&page=`), so a reload or
 * a shared link shows the same rows, and as the page calls send them.
 */
import {
  contentLanguages,
  contentStatuses,
  type ContentLanguage,
  type ContentStatus,
} from '@gp/contracts/content-admin';
import { articleCategories, type ArticleCategory } from '@gp/contracts/web';

export const contentPageSize = 20;

/** A list's filters as the screen keeps them. */
export interface ContentFilters {
  status?: ContentStatus;
  has_lang?: ContentLanguage;
  missing_lang?: ContentLanguage;
  keyword?: string;
  /** Articles only. */
  category?: ArticleCategory;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The filters in a screen's URL; values the contracts do not know are dropped rather than sent. */
export function contentFiltersFromUrl(url: URL): ContentFilters {
  const p = url.searchParams;
  const page = Number(p.get('page'));
  const keyword = p.get('q')?.trim().slice(0, 100);
  const filters: ContentFilters = { page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
  const status = oneOf(contentStatuses, p.get('status'));
  const has = oneOf(contentLanguages, p.get('has_lang'));
  const missing = oneOf(contentLanguages, p.get('missing_lang'));
  const category = oneOf(articleCategories, p.get('category'));
  if (status) filters.status = status;
  if (has) filters.has_lang = has;
  if (missing) filters.missing_lang = missing;
  if (keyword) filters.keyword = keyword;
  if (category) filters.category = category;
  return filters;
}

export function contentFiltersToSearch(filters: ContentFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.status) p.set('status', filters.status);
  if (filters.category) p.set('category', filters.category);
  if (filters.has_lang) p.set('has_lang', filters.has_lang);
  if (filters.missing_lang) p.set('missing_lang', filters.missing_lang);
  if (filters.keyword) p.set('q', filters.keyword);
  if (filters.page > 1) p.set('page', String(filters.page));
  return p;
}

/** The page call's query of the filters (without the article-only category). */
export function pageQueryOf(filters: ContentFilters) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.has_lang ? { has_lang: filters.has_lang } : {}),
    ...(filters.missing_lang ? { missing_lang: filters.missing_lang } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    page_num: filters.page,
    page_size: contentPageSize,
  };
}

/** An article list's query: the page query and the article's category. */
export function articlePageQueryOf(filters: ContentFilters) {
  return { ...pageQueryOf(filters), ...(filters.category ? { category: filters.category } : {}) };
}
