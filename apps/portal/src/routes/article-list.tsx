/**
 * News (/news, /news/h5) and activities (/active, /active/h5): category tabs, a page of ten, paging links.
 * The page and category are in the URL (`?page=2&category=update`).
 */
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { matchSiteRoute } from '@gp/config/site-map';
import type { ArticlePage } from '@gp/contracts/web';
import { HydrateLater } from '@gp/ui/hydrate-later';
import { SiteLink } from '@gp/ui/site-link';
import { Pager } from '../components/pager.tsx';
import { StateMessage } from '../components/state-message.tsx';
import {
  type ArticleKind,
  ArticleList,
  articlesCalls,
  CategoryTabs,
  listHref,
  listPageSize,
  type ListQuery,
  parseListQuery,
} from '../features/articles/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';
import styles from './article-list.module.css';

interface ListData {
  kind: ArticleKind;
  query: ListQuery;
  page: ArticlePage;
}

/** A failed call throws: the shell's error page says so and offers a retry. */
export async function loader({ request }: LoaderFunctionArgs): Promise<ListData> {
  const url = new URL(request.url);
  const kind: ArticleKind = matchSiteRoute(url.pathname)?.route.title === 'active' ? 'activity' : 'news';
  const query = parseListQuery(url.searchParams, kind);
  const input = {
    page_num: query.page,
    page_size: listPageSize,
    ...(query.category ? { category: query.category } : {}),
  };
  const page = await (kind === 'news' ? articlesCalls.newsPage(input) : articlesCalls.activityPage(input));
  return { kind, query, page };
}

export default function ArticleListScreen() {
  const { kind, query, page } = useLoaderData() as ListData;
  const h5 = useIsH5();
  const { t } = useTranslation('portal');
  const pageCount = Math.max(1, Math.ceil(page.total / listPageSize));
  const hrefFor = (n: number) => listHref(kind, { page: n, category: query.category });

  let empty = null;
  if (page.list.length === 0) {
    empty =
      page.total > 0 ? (
        // Past the last page (an old link): there is content, just not here.
        <StateMessage
          tone="empty"
          title={t('articles.pageEmpty')}
          action={<SiteLink to={hrefFor(1)}>{t('articles.firstPage')}</SiteLink>}
        />
      ) : query.category ? (
        <StateMessage
          tone="empty"
          title={t(`articles.${kind}.categoryEmpty`)}
          action={
            <SiteLink to={listHref(kind, { page: 1, category: undefined })}>{t('articles.showAll')}</SiteLink>
          }
        />
      ) : (
        <StateMessage
          tone="empty"
          title={t(`articles.${kind}.empty`)}
          body={t(`articles.${kind}.emptyBody`)}
        />
      );
  }

  return (
    <div className={h5 ? `${styles.page} ${styles.h5}` : styles.page}>
      <h1 className={styles.heading}>{t(kind === 'news' ? 'common:routes.news' : 'common:routes.active')}</h1>
      <p className={styles.intro}>{t(`articles.${kind}.intro`)}</p>
      <CategoryTabs kind={kind} current={query.category} />
      {empty ?? (
        // Taken over in a task of its own on a server-rendered page (hydrate-later.tsx).
        <HydrateLater>
          <ArticleList articles={page.list} kind={kind} h5={h5} />
        </HydrateLater>
      )}
      <Pager page={query.page} pageCount={pageCount} hrefFor={hrefFor} compact={h5} />
    </div>
  );
}
