import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  articleCalls,
  ArticleList,
  articlePageQueryOf,
  contentFiltersFromUrl,
} from '../features/content/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await articleCalls.news.page(articlePageQueryOf(filters)) };
}

/** News (content): the list with its filters; the editor is /content/news/:id. */
export default function ContentNews() {
  const { filters, page } = useLoaderData<typeof loader>();
  return <ArticleList kind="news" filters={filters} page={page} />;
}
