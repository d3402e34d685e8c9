import { articleAdminCalls, type ArticleKind, type ArticlePreviewData } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const previewArticle = (kind: ArticleKind, id: number): Promise<ArticlePreviewData> =>
  api.call(articleAdminCalls[kind].preview, { id });
