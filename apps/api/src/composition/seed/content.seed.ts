/**
 * Demo content: news, activities, banners, recommended games and home modules in all five languages, with
 * generated artwork sized for desktop and H5. Times are relative to the moment of seeding, so a fresh start
 * always has recent news, running activities and live banners.
 */
import type { Db } from '../../db/database.ts';
import {
  article,
  articleI18n,
  banner,
  bannerI18n,
  gameRecommendation,
  gameRecommendationI18n,
  homeModule,
  homeModuleI18n,
} from '../../db/schema/content.schema.ts';
import { game } from '../../db/schema/game.schema.ts';
import { sanitizeRichText } from '../../modules/content/index.ts';
import { demoGames } from './platform.seed.ts';
import { artJpeg, imageSizes } from './demo-art.ts';
import { storeDemoImage } from './demo-image.ts';
import newsData from './content/news.json' with { type: 'json' };
import activityData from './content/activities.json' with { type: 'json' };
import bannerData from './content/banners.json' with { type: 'json' };
import homeData from './content/home.json' with { type: 'json' };

type Lang = 'en' | 'th' | 'cn' | 'vi' | 'zh';
type Texts<T> = Record<Lang, T>;
interface ArticleSeed {
  key: string;
  category: (typeof article.$inferInsert)['category'];
  game: string | null;
  pinned: boolean;
  daysAgo: number;
  status?: string;
  startsInDays?: number;
  durationDays?: number;
  i18n: Texts<{ title: string; summary: string; body: string }>;
}

const day = 86_400_000;
const fallbackColours = { from: '#2d1a78', to: '#8a3fa8' };

function coloursOf(slug: string | null) {
  const demo = demoGames.find((g) => g.slug === slug);
  return demo ? { from: demo.icon.from, to: demo.icon.to } : fallbackColours;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

export async function seedContent(db: Db, now: Date): Promise<void> {
  const art = async (key: string, slug: string | null, size: { width: number; height: number }) =>
    storeDemoImage(db, artJpeg({ ...size, ...coloursOf(slug), seed: hash(`${key}:${size.width}`) }));
  const games = new Map(
    (await db.select({ id: game.gameBaseId, slug: game.slug }).from(game)).map((g) => [g.slug, g.id]),
  );
  const gameId = (slug: string | null) => (slug ? (games.get(slug) ?? null) : null);

  const ids = { news: new Map<string, number>(), activity: new Map<string, number>() };
  const insertArticles = async (kind: 'news' | 'activity', items: ArticleSeed[]) => {
    for (const item of items) {
      const publishAt = new Date(now.getTime() - item.daysAgo * day);
      const startsAt =
        item.startsInDays === undefined ? null : new Date(now.getTime() + item.startsInDays * day);
      const endsAt =
        startsAt && item.durationDays ? new Date(startsAt.getTime() + item.durationDays * day) : null;
      const [row] = await db
        .insert(article)
        .values({
          kind,
          slug: item.key,
          category: item.category,
          gameBaseId: gameId(item.game),
          coverMediaId: await art(item.key, item.game, imageSizes.cover),
          coverH5MediaId: await art(item.key, item.game, imageSizes.coverH5),
          status: item.status === 'draft' ? 'draft' : 'published',
          publishAt,
          pinned: item.pinned,
          startsAt,
          endsAt,
        })
        .returning({ id: article.id });
      if (!row) throw new Error(`seeding ${kind} ${item.key} returned no row`);
      ids[kind].set(item.key, row.id);
      await db.insert(articleI18n).values(
        Object.entries(item.i18n).map(([lang, t]) => ({
          articleId: row.id,
          lang,
          title: t.title,
          summary: t.summary,
          bodyHtml: sanitizeRichText(t.body),
        })),
      );
    }
  };
  await insertArticles('news', newsData as ArticleSeed[]);
  await insertArticles('activity', activityData as ArticleSeed[]);

  /** Banner links name seeded items by key: /news-detail/{news:key}. */
  const resolveLink = (link: string) =>
    link.replace(/\{(news|activity):([a-z0-9-]+)\}/g, (_, kind: 'news' | 'activity', key: string) => {
      const id = ids[kind].get(key);
      if (id === undefined) throw new Error(`banner link names unknown ${kind} ${key}`);
      return String(id);
    });
  for (const [index, item] of bannerData.entries()) {
    const [row] = await db
      .insert(banner)
      .values({
        slug: item.key,
        link: resolveLink(item.link),
        imageMediaId: await art(item.key, item.game, imageSizes.banner),
        imageH5MediaId: await art(item.key, item.game, imageSizes.bannerH5),
        startsAt: new Date(now.getTime() + item.daysFromStart * day),
        endsAt: new Date(now.getTime() + item.daysToEnd * day),
        sort: index * 10,
      })
      .returning({ id: banner.id });
    if (!row) throw new Error(`seeding banner ${item.key} returned no row`);
    await db
      .insert(bannerI18n)
      .values(Object.entries(item.i18n).map(([lang, t]) => ({ bannerId: row.id, lang, ...t })));
  }

  for (const [index, item] of homeData.recommended.entries()) {
    const id = gameId(item.game);
    if (id === null) throw new Error(`recommended game ${item.game} is not seeded`);
    await db.insert(gameRecommendation).values({ gameBaseId: id, sort: index * 10 });
    await db
      .insert(gameRecommendationI18n)
      .values(Object.entries(item.i18n).map(([lang, t]) => ({ gameBaseId: id, lang, ...t })));
  }
  for (const [index, item] of homeData.modules.entries()) {
    const [row] = await db
      .insert(homeModule)
      .values({
        key: item.key,
        type: item.type as (typeof homeModule.$inferInsert)['type'],
        sort: index * 10,
      })
      .returning({ id: homeModule.id });
    if (!row) throw new Error(`seeding module ${item.key} returned no row`);
    await db
      .insert(homeModuleI18n)
      .values(Object.entries(item.i18n).map(([lang, t]) => ({ moduleId: row.id, lang, title: t.title })));
  }
}
