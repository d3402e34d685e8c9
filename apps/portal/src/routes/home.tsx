/**
 * The home page, desktop and H5: the banner carousel, a welcome, then the modules the server lists, in its order
 * and under its titles (news, activities, recommended games, fan groups). Each section's data streams in on its
 * own (skeleton while loading, its own empty or error state), so one slow or failing call never blanks the page.
 */
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Await, useLoaderData, useRevalidator } from 'react-router';
import type { HomeModule } from '@gp/contracts/web';
import { HydrateLater } from '@gp/ui/hydrate-later';
import { useShellNavigation } from '@gp/ui/shell-data';
import { SiteLink } from '@gp/ui/site-link';
import { Skeleton } from '../components/skeleton.tsx';
import { StateMessage } from '../components/state-message.tsx';
import { ArticleList, articlesCalls, NewsHeadlines } from '../features/articles/index.ts';
import { BannerCarousel, bannersCalls } from '../features/banners/index.ts';
import { FanGroupList } from '../features/fans/index.ts';
import { gamesCalls, RecommendedGames } from '../features/games/index.ts';
import { homeCalls, HomeSection, QuickLinks } from '../features/home/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';
import { settle, type Settled } from '../utils/settle.ts';
import styles from './home.module.css';

export const homeNewsCount = 5;
export const homeActivityCount = 3;

/** Every call starts at once (no waterfall behind the module list); none is awaited, the sections stream. */
export function loader() {
  return {
    banners: settle(bannersCalls.homeBanners({})),
    modules: settle(homeCalls.homeModules({})),
    games: settle(gamesCalls.recommendedGames({})),
    news: settle(articlesCalls.newsTop({ size: homeNewsCount })),
    activities: settle(articlesCalls.activityPage({ page_num: 1, page_size: homeActivityCount })),
  };
}
type HomeData = ReturnType<typeof loader>;

/** When the module list cannot be loaded the page still shows every section, in the usual order. */
const fallbackModules = ['news', 'activity', 'games', 'fans'] as const;

export default function Home() {
  const data = useLoaderData() as HomeData;
  const h5 = useIsH5();
  const { t } = useTranslation('portal');
  const navigation = useShellNavigation();
  const welcome = (hero: boolean) => (
    <div className={hero ? `${styles.welcome} ${styles.hero}` : styles.welcome}>
      <h1 className={styles.heading}>{t('home.heading')}</h1>
      <p className={styles.intro}>{t('home.intro')}</p>
    </div>
  );
  return (
    <div className={h5 ? `${styles.home} ${styles.h5}` : styles.home}>
      <Suspense
        fallback={
          <>
            <div className={styles.bannerSkeleton}>
              <Skeleton blocks={[{ height: '100%' }]} />
            </div>
            {welcome(false)}
          </>
        }
      >
        <Await resolve={data.banners}>
          {(banners) =>
            banners.ok && banners.value.length > 0 ? (
              <>
                <HydrateLater>
                  <BannerCarousel banners={banners.value} h5={h5} />
                </HydrateLater>
                {welcome(false)}
              </>
            ) : (
              // No banner running (or none could be loaded): the welcome takes the banner's place.
              welcome(true)
            )
          }
        </Await>
      </Suspense>
      {h5 && (
        <HydrateLater>
          <QuickLinks flags={navigation.flags} />
        </HydrateLater>
      )}
      <Suspense fallback={<SectionSkeleton />}>
        <Await resolve={data.modules}>
          {(modules) =>
            (modules.ok
              ? modules.value
              : fallbackModules.map((type): HomeModule => ({
                  key: type,
                  type,
                  title: t(`home.modules.${type}`),
                }))
            ).map((module) => (
              // Each section is taken over in a task of its own on a server-rendered page (hydrate-later.tsx).
              <HydrateLater key={module.key}>
                <ModuleSection module={module} data={data} h5={h5} />
              </HydrateLater>
            ))
          }
        </Await>
      </Suspense>
    </div>
  );
}

function ModuleSection({ module, data, h5 }: { module: HomeModule; data: HomeData; h5: boolean }) {
  const { t } = useTranslation('portal');
  const navigation = useShellNavigation();
  const more = (to: string, label: string) => (
    <SiteLink to={to}>
      {label}
      <span aria-hidden="true"> ›</span>
    </SiteLink>
  );
  switch (module.type) {
    case 'news':
      return (
        <HomeSection h5={h5} title={module.title} more={more('/news', t('home.allNews'))}>
          <Streamed data={data.news}>
            {(news) =>
              news.length > 0 ? (
                <NewsHeadlines news={news} h5={h5} />
              ) : (
                <StateMessage tone="empty" compact title={t('articles.news.empty')} />
              )
            }
          </Streamed>
        </HomeSection>
      );
    case 'activity':
      return (
        <HomeSection h5={h5} title={module.title} more={more('/active', t('home.allEvents'))}>
          <Streamed data={data.activities}>
            {(page) =>
              page.list.length > 0 ? (
                <ArticleList
                  articles={page.list}
                  kind="activity"
                  h5={h5}
                  headingLevel={3}
                  layout="grid"
                  eagerCount={0}
                />
              ) : (
                <StateMessage tone="empty" compact title={t('articles.activity.empty')} />
              )
            }
          </Streamed>
        </HomeSection>
      );
    case 'games':
      return (
        // The full game list is an H5 page; desktop visitors have the header's Games menu.
        <HomeSection h5={h5} title={module.title} more={h5 && more('/gamelist_h5', t('home.allGames'))}>
          <Streamed data={data.games}>{(games) => <RecommendedGames games={games} h5={h5} />}</Streamed>
        </HomeSection>
      );
    case 'fans':
      return (
        <HomeSection h5={h5} title={module.title} more={h5 && more('/fans_h5', t('home.allFans'))}>
          <FanGroupList groups={navigation.fansGroups} layout={h5 ? 'rows' : 'pills'} />
        </HomeSection>
      );
  }
}

/** A section's streamed data: a skeleton until it arrives, its error state if it failed. */
function Streamed<T>({ data, children }: { data: Promise<Settled<T>>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={<SectionSkeleton />}>
      <Await resolve={data}>{(result) => (result.ok ? children(result.value) : <SectionError />)}</Await>
    </Suspense>
  );
}

function SectionSkeleton() {
  return <Skeleton blocks={[{ height: '1.75rem', width: '40%' }, { height: '9rem' }]} />;
}

function SectionError() {
  const { t } = useTranslation('portal');
  const revalidator = useRevalidator();
  return (
    <StateMessage
      tone="error"
      compact
      title={t('home.sectionError')}
      action={
        <button
          type="button"
          className={styles.retry}
          disabled={revalidator.state !== 'idle'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('common:state.retry')}
        </button>
      }
    />
  );
}
