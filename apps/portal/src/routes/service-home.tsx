/**
 * The customer-service home (/service, /service/h5; no login): the ways in (submit a ticket, my tickets, contact
 * details) and the FAQ, searched by game, question type and keyword, ten answers a page. The search is in the
 * URL (`?game=&type=&q=&page=`).
 */
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { CsGameItem, FaqPageData, QuestionTypeItem } from '@gp/contracts/cs';
import { currentLanguage } from '@gp/i18n';
import { formatNumber } from '@gp/i18n/format';
import { SiteLink } from '@gp/ui/site-link';
import { Pager } from '../components/pager.tsx';
import { StateMessage } from '../components/state-message.tsx';
import {
  errorMessage,
  faqHref,
  FaqList,
  faqPageSize,
  type FaqQuery,
  FaqSearch,
  faqStyles,
  formStyles as form,
  getFaqPage,
  getQuestionTypes,
  loadServiceStrings,
  pageParam,
  positiveInt,
  serviceCalls,
  ServiceEntries,
  servicePageStyles as pageStyles,
  servicePaths,
  type ServiceStrings,
  useServiceStrings,
} from '../features/service/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';
import { settle, type Settled } from '../utils/settle.ts';

interface HomeData {
  strings: ServiceStrings;
  query: FaqQuery;
  games: Settled<CsGameItem[]>;
  types: Settled<QuestionTypeItem[]>;
  faq: Settled<FaqPageData>;
}

export function parseFaqQuery(params: URLSearchParams): FaqQuery {
  const keyword = (params.get('q') ?? '').trim().slice(0, 50);
  return {
    game: positiveInt(params.get('game')),
    type: positiveInt(params.get('type')),
    keyword: keyword || undefined,
    page: pageParam(params),
  };
}

/** Strings, games, the FAQ's question types and the page of answers load together; each may fail on its own. */
export async function loader({ request }: LoaderFunctionArgs): Promise<HomeData> {
  const query = parseFaqQuery(new URL(request.url).searchParams);
  const [strings, games, types, faq] = await Promise.all([
    loadServiceStrings(),
    settle(serviceCalls.games({})),
    settle(getQuestionTypes('faq', query.game)),
    settle(getFaqPage(query)),
  ]);
  return { strings, query, games, types, faq };
}

export default function ServiceHome() {
  const data = useLoaderData() as HomeData;
  const { t } = useServiceStrings(data.strings);
  const h5 = useIsH5();
  const revalidator = useRevalidator();
  const { query, faq } = data;
  const filtered = query.game !== undefined || query.type !== undefined || !!query.keyword;
  const searchKey = faqHref({ ...query, page: 1 });
  // Above the server's count cap "1,000+ answers": the pager stops at the cap's last page, and a
  // player looking further narrows the search.
  const faqCount = (page: FaqPageData) =>
    page.total_capped
      ? t('faq.countCapped', { total: formatNumber(page.total, currentLanguage()) })
      : t('faq.count', { count: page.total });

  let results;
  if (!faq.ok) {
    results = (
      <StateMessage
        tone="error"
        role="alert"
        title={t('faq.error')}
        body={errorMessage(t, faq.error)}
        action={
          <button type="button" className={form.primary} onClick={() => void revalidator.revalidate()}>
            {t('common:state.retry')}
          </button>
        }
      />
    );
  } else if (faq.value.list.length === 0) {
    results = (
      <StateMessage
        tone="empty"
        title={faq.value.total > 0 ? t('faq.pageEmpty') : filtered ? t('faq.empty') : t('faq.emptyAll')}
        body={t('faq.emptyBody')}
        action={<SiteLink to={servicePaths.question}>{t('nav.question')}</SiteLink>}
      />
    );
  } else {
    const pageCount = Math.max(1, Math.ceil(faq.value.total / faqPageSize));
    results = (
      <>
        <FaqList key={`${searchKey}#${query.page}`} items={faq.value.list} />
        <Pager
          page={query.page}
          pageCount={pageCount}
          hrefFor={(page) => faqHref({ ...query, page })}
          compact={h5}
        />
        <div className={faqStyles.more}>
          <p>{t('faq.stillNeedHelp')}</p>
          <SiteLink to={servicePaths.question} className={form.secondary}>
            {t('nav.question')}
          </SiteLink>
        </div>
      </>
    );
  }

  return (
    <div className={h5 ? `${pageStyles.page} ${pageStyles.h5} ${faqStyles.h5}` : pageStyles.page}>
      <h1 className={pageStyles.heading}>{t('common:routes.service')}</h1>
      <p className={pageStyles.intro}>{t('home.intro')}</p>
      <ServiceEntries />
      <FaqSearch
        key={searchKey}
        query={query}
        games={data.games.ok ? data.games.value : []}
        types={data.types.ok ? data.types.value : []}
      />
      <section className={faqStyles.results} aria-labelledby="faq-heading">
        <div className={faqStyles.resultsHead}>
          <h2 id="faq-heading">{filtered ? t('faq.resultsHeading') : t('faq.heading')}</h2>
          <p className={faqStyles.count} role="status">
            {faq.ok && faq.value.total > 0 ? faqCount(faq.value) : ''}
          </p>
        </div>
        {results}
      </section>
    </div>
  );
}
