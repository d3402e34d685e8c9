import { articleAdminCalls, type ArticleKind } from '@gp/contracts/content-admin';
import type { ResponseOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';
import { type ContentFilters, pageQueryOf } from '../model/content-filters.ts';

type ArticleCalls = (typeof articleAdminCalls)[ArticleKind];

export type ArticlePage = ResponseOf<ArticleCalls['page']>;

export const getArticlePage = (kind: ArticleKind, filters: ContentFilters): Promise<ArticlePage> =>
  api.call(articleAdminCalls[kind].page, {
    ...pageQueryOf(filters),
    ...(filters.category ? { category: filters.category } : {}),
  });
