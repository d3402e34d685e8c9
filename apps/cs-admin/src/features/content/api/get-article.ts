import { articleAdminCalls, type ArticleAdminData, type ArticleKind } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const getArticle = (kind: ArticleKind, id: number): Promise<ArticleAdminData> =>
  api.call(articleAdminCalls[kind].detail, { id });
