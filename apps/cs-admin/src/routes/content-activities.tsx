import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  articleCalls,
  ArticleList,
  articlePageQueryOf,
  contentFiltersFromUrl,
} from '../features/content/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await articleCalls.activity.page(articlePageQueryOf(filters)) };
}

/** Activities (content): the list with its filters; the editor is /content/activities/:id. */
export default function ContentActivities() {
  const { filters, page } = useLoaderData<typeof loader>();
  return <ArticleList kind="activity" filters={filters} page={page} />;
}
