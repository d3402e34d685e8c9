/** Content as the API answers it, for the screens' tests. */
import type {
  ArticleDetail,
  ArticlePage,
  ArticleSummary,
  Banner,
  HomeModule,
  RecommendedGame,
} from '@gp/contracts/web';

const image = (name: string, width: number, height: number) => ({
  url: `http://localhost:8090/upload/media/${name}.svg`,
  width,
  height,
});

export const banners: Banner[] = [
  {
    id: 1,
    title: 'Season 3: Shattered Nebula',
    subtitle: 'A new hero and a 50-tier Star Pass are live now.',
    cta: 'Read patch notes',
    alt: 'Vyra stands before a cracked purple nebula',
    link: '/news-detail/3',
    image: image('b1', 1200, 400),
    image_h5: image('b1-h5', 750, 420),
  },
  {
    id: 2,
    title: 'Up to 20% extra Gold Ingots',
    subtitle: 'Lotus Blade Year-End Top-up Bonus.',
    cta: 'Top up now',
    alt: 'A swordswoman leaps across a lotus pond',
    link: '/paygame/',
    image: image('b2', 1200, 400),
    image_h5: image('b2-h5', 750, 420),
  },
  {
    id: 3,
    title: 'Monsoon Street Cup',
    subtitle: 'Qualify on Saigon Riverside.',
    cta: 'Join the cup',
    alt: 'Racers drift through rain',
    link: '/active-detail/18',
    image: image('b3', 1200, 400),
    image_h5: image('b3-h5', 750, 420),
  },
];

export const modules: HomeModule[] = [
  { key: 'games', type: 'games', title: 'Our games' },
  { key: 'news', type: 'news', title: 'Latest news' },
  { key: 'activities', type: 'activity', title: 'Events & campaigns' },
  { key: 'community', type: 'fans', title: 'Join the community' },
];

export const recommended: RecommendedGame[] = [
  {
    game_base_id: 1,
    url: 'https://starfall.example.com/',
    game_icon: 'http://localhost:8090/upload/media/sfl.svg',
    game_name: 'Starfall Legends',
    tagline: 'Lead your heroes across a shattered galaxy',
    description: 'A space-fantasy RPG.',
  },
  {
    game_base_id: 2,
    url: 'https://lotusblade.example.com/',
    game_icon: 'http://localhost:8090/upload/media/lb.svg',
    game_name: 'Lotus Blade',
    tagline: 'Find your sect. Master your blade.',
    description: 'A wuxia MMORPG.',
  },
];

export function newsItem(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    category: 'update',
    title: `News item ${id}`,
    summary: `Summary of news item ${id}`,
    cover: image(`n${id}`, 800, 450),
    cover_h5: image(`n${id}-h5`, 640, 360),
    publish_time: '2026-11-18T12:00:00.000Z',
    pinned: 0,
    game_base_id: 1,
    start_time: null,
    end_time: null,
    ...overrides,
  };
}

export function activityItem(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return newsItem(id, {
    category: 'campaign',
    title: `Activity ${id}`,
    summary: `Summary of activity ${id}`,
    start_time: '2026-12-02T02:00:00.000Z',
    end_time: '2026-12-15T15:59:00.000Z',
    ...overrides,
  });
}

export function detailOf(summary: ArticleSummary, overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...summary,
    body_html: `<p>Body of ${summary.title}</p><h2>Details</h2><ul><li>One</li></ul>`,
    preview: false,
    ...overrides,
  };
}

/** A page as the API cuts it: `total` items, `pageSize` per page. */
export function pageOf(
  make: (id: number) => ArticleSummary,
  total: number,
  page: number,
  pageSize = 10,
): ArticlePage {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const list: ArticleSummary[] = [];
  for (let id = first; id <= last; id++) list.push(make(id));
  return { list, total, page_num: page, page_size: pageSize };
}
