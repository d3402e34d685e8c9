import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getArticlePage } from '../features/content/api/get-article-page.ts';
import { contentFiltersFromUrl } from '../features/content/model/content-filters.ts';
import { ArticleList } from '../features/content/components/article-list.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await getArticlePage('activity', filters) };
}

/** Activities (content): the list with its filters; the editor is /content/activities/:id. */
export default function ContentActivities() {
  const { filters, page } = useLoaderData<typeof loader>();
  return <ArticleList kind="activity" filters={filters} page={page} />;
}
