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
import { readParam, urlFilters } from '../../../lib/url-filters.ts';

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

/** The filters in a screen's URL; values the contracts do not know are dropped rather than sent. */
export const { fromUrl: contentFiltersFromUrl, toSearch: contentFiltersToSearch } =
  urlFilters<ContentFilters>({
    status: ['status', readParam.oneOf(contentStatuses)],
    category: ['category', readParam.oneOf(articleCategories)],
    has_lang: ['has_lang', readParam.oneOf(contentLanguages)],
    missing_lang: ['missing_lang', readParam.oneOf(contentLanguages)],
    keyword: ['q', readParam.text(100)],
  });

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
