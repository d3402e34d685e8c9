import { bindCalls } from '@gp/api-client';
import type { ResponseOf } from '@gp/contracts';
import {
  articleAdminCalls,
  bannerAdminCreateUpdate,
  bannerAdminDelete,
  bannerAdminDetail,
  bannerAdminPage,
  contentImageUpload,
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
  type ArticleKind,
} from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

/** The article calls of each kind: screens that serve both pick theirs with `articleCalls[kind]`. */
export const articleCalls = {
  news: bindCalls(api, articleAdminCalls.news),
  activity: bindCalls(api, articleAdminCalls.activity),
} as const satisfies Record<ArticleKind, unknown>;

export type ArticlePage = ResponseOf<(typeof articleAdminCalls)[ArticleKind]['page']>;

export const bannerCalls = bindCalls(api, {
  page: bannerAdminPage,
  detail: bannerAdminDetail,
  save: bannerAdminCreateUpdate,
  delete: bannerAdminDelete,
});

export const recommendCalls = bindCalls(api, {
  page: recommendAdminPage,
  detail: recommendAdminDetail,
  save: recommendAdminCreateUpdate,
  delete: recommendAdminDelete,
});

export const moduleCalls = bindCalls(api, {
  page: moduleAdminPage,
  detail: moduleAdminDetail,
  save: moduleAdminCreateUpdate,
  delete: moduleAdminDelete,
});

export const fansGroupCalls = bindCalls(api, {
  page: fansGroupAdminPage,
  detail: fansGroupAdminDetail,
  save: fansGroupAdminCreateUpdate,
  delete: fansGroupAdminDelete,
});

export const navCalls = bindCalls(api, { detail: navAdminDetail, save: navAdminSave });

export const contentCalls = bindCalls(api, { uploadImage: contentImageUpload });
