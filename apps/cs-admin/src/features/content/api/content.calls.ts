import { bindCalls } from '@gp/api-client';
import type { CallContract, ResponseOf } from '@gp/contracts';
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

/** A simple content kind's four calls: its page, one item, save (the whole item) and delete. */
function simpleKindCalls<
  P extends CallContract,
  D extends CallContract,
  S extends CallContract,
  X extends CallContract,
>(page: P, detail: D, save: S, remove: X) {
  return bindCalls(api, { page, detail, save, delete: remove });
}

export const bannerCalls = simpleKindCalls(
  bannerAdminPage,
  bannerAdminDetail,
  bannerAdminCreateUpdate,
  bannerAdminDelete,
);

export const recommendCalls = simpleKindCalls(
  recommendAdminPage,
  recommendAdminDetail,
  recommendAdminCreateUpdate,
  recommendAdminDelete,
);

export const moduleCalls = simpleKindCalls(
  moduleAdminPage,
  moduleAdminDetail,
  moduleAdminCreateUpdate,
  moduleAdminDelete,
);

export const fansGroupCalls = simpleKindCalls(
  fansGroupAdminPage,
  fansGroupAdminDetail,
  fansGroupAdminCreateUpdate,
  fansGroupAdminDelete,
);

export const navCalls = bindCalls(api, { detail: navAdminDetail, save: navAdminSave });

export const contentCalls = bindCalls(api, { uploadImage: contentImageUpload });
