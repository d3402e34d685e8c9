/**
 * One news item or activity: /news-detail/:id, /active-detail/:id and their H5 twins; and the previews staff
 * share before publishing, /news-pre-detail/:id?token=... and /active-pre-detail/:id?token=... (and twins),
 * which pass the signed token to the API. Unknown, unpublished, or a preview without a valid token: the same
 * not-found state, inside the normal page.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '@gp/api-client';
import { matchSiteRoute } from '@gp/config/site-map';
import type { ArticleDetail } from '@gp/contracts/web';
import { codes } from '@gp/errors';
import {
  type ArticleKind,
  ArticleNotFound,
  articlesCalls,
  ArticleView,
  parseArticleId,
} from '../features/articles/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';

interface DetailData {
  kind: ArticleKind;
  article: ArticleDetail | null;
}

/** The API caps tokens at this length; a longer one cannot be valid. */
const maxTokenLength = 512;

export async function loader({ request, params }: LoaderFunctionArgs): Promise<DetailData> {
  const url = new URL(request.url);
  const title = matchSiteRoute(url.pathname)?.route.title;
  const kind: ArticleKind = title === 'activeDetail' || title === 'activePreDetail' ? 'activity' : 'news';
  const isPreview = title === 'newsPreDetail' || title === 'activePreDetail';
  const id = parseArticleId(params.id);
  const token = isPreview ? (url.searchParams.get('token') ?? '') : undefined;
  // A preview link without a token is not a preview: answer exactly as for an unknown id, without asking.
  if (id === undefined || (isPreview && (!token || token.length > maxTokenLength)))
    return { kind, article: null };
  try {
    const preview = token ? { preview_token: token } : {};
    const article = await (kind === 'news'
      ? articlesCalls.newsDetail({ news_id: id, ...preview })
      : articlesCalls.activityDetail({ activity_id: id, ...preview }));
    return { kind, article };
  } catch (error) {
    // -404: unknown, unpublished, or a bad / expired token. Anything else (network, server) is the error page.
    if (error instanceof ApiError && error.code === codes.notFound) return { kind, article: null };
    throw error;
  }
}

export default function ArticleDetailScreen() {
  const { kind, article } = useLoaderData() as DetailData;
  const h5 = useIsH5();
  return article ? <ArticleView article={article} kind={kind} h5={h5} /> : <ArticleNotFound kind={kind} />;
}
