import { articleAdminCalls, type ArticleKind } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteArticle = (kind: ArticleKind, id: number): Promise<null> =>
  api.call(articleAdminCalls[kind].delete, { id });
