import {
  articleAdminCalls,
  type ArticleAdminData,
  type ArticleKind,
  type ArticleSave,
} from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const saveArticle = (kind: ArticleKind, input: ArticleSave): Promise<ArticleAdminData> =>
  api.call(articleAdminCalls[kind].createUpdate, input);
