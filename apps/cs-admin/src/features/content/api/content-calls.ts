/**
 * The site content calls (@gp/contracts/content-admin, `content` privilege) as the screens use them, and the list
 * filters as they travel in a screen's URL (`?status=&missing_lang=&q=&page=`), so a reload or a shared link shows
 * the same rows.
 */
import {
  articleAdminCalls,
  bannerAdminCreateUpdate,
  bannerAdminDelete,
  bannerAdminDetail,
  bannerAdminPage,
  contentImageUpload,
  contentLanguages,
  contentStatuses,
  fansGroupAdminCreateUpdate,
  fansGroupAdminDelete,
  fansGroupAdminDetail,
  fansGroupAdminPage,
  moduleAdminCreateUpdate,
  moduleAdminDelete,
  moduleAdminDetail,
  moduleAdminPage,
  navAdminDetail,
  navAdminSave,
  recommendAdminCreateUpdate,
  recommendAdminDelete,
  recommendAdminDetail,
  recommendAdminPage,
  type ArticleAdminData,
  type ArticleKind,
  type ArticlePreviewData,
  type ArticleSave,
  type ContentImageData,
  type ContentLanguage,
  type ContentStatus,
} from '@gp/contracts/content-admin';
import { articleCategories, type ArticleCategory } from '@gp/contracts/web';
import type { RequestOf, ResponseOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

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

// ---- Articles (news and activities) ----

type ArticleCalls = (typeof articleAdminCalls)[ArticleKind];
export type ArticlePage = ResponseOf<ArticleCalls['page']>;

export const articlePage = (kind: ArticleKind, filters: ContentFilters): Promise<ArticlePage> =>
  api.call(articleAdminCalls[kind].page, {
    ...pageQueryOf(filters),
    ...(filters.category ? { category: filters.category } : {}),
  });
export const articleDetail = (kind: ArticleKind, id: number): Promise<ArticleAdminData> =>
  api.call(articleAdminCalls[kind].detail, { id });
export const saveArticle = (kind: ArticleKind, input: ArticleSave): Promise<ArticleAdminData> =>
  api.call(articleAdminCalls[kind].createUpdate, input);
export const deleteArticle = (kind: ArticleKind, id: number): Promise<null> =>
  api.call(articleAdminCalls[kind].delete, { id });
export const previewArticle = (kind: ArticleKind, id: number): Promise<ArticlePreviewData> =>
  api.call(articleAdminCalls[kind].preview, { id });

// ---- Banners, recommended games, home modules, fan groups ----

export const bannerCalls = {
  page: (filters: ContentFilters) => api.call(bannerAdminPage, pageQueryOf(filters)),
  detail: (key: { id: number }) => api.call(bannerAdminDetail, key),
  save: (input: RequestOf<typeof bannerAdminCreateUpdate>) => api.call(bannerAdminCreateUpdate, input),
  remove: (key: { id: number }) => api.call(bannerAdminDelete, key),
};
export const recommendCalls = {
  page: (filters: ContentFilters) => api.call(recommendAdminPage, pageQueryOf(filters)),
  detail: (key: { game_base_id: number }) => api.call(recommendAdminDetail, key),
  save: (input: RequestOf<typeof recommendAdminCreateUpdate>) => api.call(recommendAdminCreateUpdate, input),
  remove: (key: { game_base_id: number }) => api.call(recommendAdminDelete, key),
};
export const moduleCalls = {
  page: (filters: ContentFilters) => api.call(moduleAdminPage, pageQueryOf(filters)),
  detail: (key: { id: number }) => api.call(moduleAdminDetail, key),
  save: (input: RequestOf<typeof moduleAdminCreateUpdate>) => api.call(moduleAdminCreateUpdate, input),
  remove: (key: { id: number }) => api.call(moduleAdminDelete, key),
};
export const fansGroupCalls = {
  page: (filters: ContentFilters) => api.call(fansGroupAdminPage, pageQueryOf(filters)),
  detail: (key: { id: number }) => api.call(fansGroupAdminDetail, key),
  save: (input: RequestOf<typeof fansGroupAdminCreateUpdate>) => api.call(fansGroupAdminCreateUpdate, input),
  remove: (key: { id: number }) => api.call(fansGroupAdminDelete, key),
};

// ---- Menu flags and pictures ----

export type NavFlagsInput = RequestOf<typeof navAdminSave>;
export const navFlags = () => api.call(navAdminDetail, {});
export const saveNavFlags = (input: NavFlagsInput) => api.call(navAdminSave, input);

export const uploadContentImage = (file: File): Promise<ContentImageData> =>
  api.call(contentImageUpload, { file });
