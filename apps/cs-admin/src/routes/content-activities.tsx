import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articlePage, contentFiltersFromUrl } from '../features/content/api/content-calls.ts';
import { ArticleList } from '../features/content/components/article-list.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await articlePage('activity', filters) };
}

/** Activities (content): the list with its filters; the editor is /content/activities/:id. */
export default function ContentActivities() {
  const { filters, page } = useLoaderData<typeof loader>();
  return <ArticleList kind="activity" filters={filters} page={page} />;
}
