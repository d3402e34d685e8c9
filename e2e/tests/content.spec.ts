/**
 * The portal's content screens against the real API and its demo database: the home page's banners and games,
 * a news item opened from the list and read in Thai, activities, preview links (valid and expired), and the H5
 * game list and fan groups. Desktop and phone; axe runs on every page through `visit()` / `afterNavigation()`.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { fetchFansGroups, fetchGames } from '../support/api.ts';
import {
  draftNews,
  fetchWeb,
  firstActivity,
  textOf,
  type Article,
  type Banner,
  type RecommendedGame,
} from '../support/content.ts';
import { PORTAL } from '../support/hosts.ts';
import { expectImagesLoaded } from '../support/images.ts';
import { previewToken } from '../support/preview.ts';
import { homeUrl, onPhone } from '../support/shell.ts';

/** A portal page in the project's form: `/news-detail/3` on desktop, `/news-detail/h5/3` on the phone. */
const formUrl = (phone: boolean, desktop: string, h5: string) => `${PORTAL}${phone ? h5 : desktop}`;

const carousel = (page: Page) => page.getByRole('region', { name: 'Highlights' });
const slides = (page: Page) => carousel(page).getByRole('group');
/** The slide on show: the only one not `inert`. */
const currentSlide = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]:not([inert])');

async function expectCurrentSlide(page: Page, index: number, count: number): Promise<Locator> {
  const slide = currentSlide(page);
  await expect(slide).toHaveCount(1);
  await expect(slide).toHaveAttribute('aria-label', `${index} of ${count}`);
  return slide;
}

test.describe('home', () => {
  test('shows the banners and the recommended games from the database', async ({
    page,
    request,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    const banners = await fetchWeb<Banner[]>(request, '/home/banner');
    const games = await fetchWeb<RecommendedGame[]>(request, '/home/game/recommend');
    expect(banners.length, 'demo data has banners').toBeGreaterThan(1);
    expect(games.length, 'demo data recommends games').toBeGreaterThan(0);

    // No autoplay: on a busy machine the visit's axe run outlasts a slide's turn, and the first slide is checked.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, `${PORTAL}/`, { landsOn: homeUrl(phone) });
    await expect(slides(page)).toHaveCount(banners.length);
    const first = await expectCurrentSlide(page, 1, banners.length);
    await expect(first).toContainText(banners[0]!.title);
    const image = first.getByRole('img', { name: banners[0]!.alt });
    const art = phone ? banners[0]!.image_h5 : banners[0]!.image;
    await expect(image).toHaveAttribute('src', art.url);
    await expect(image).toHaveAttribute('width', String(art.width));
    await expect(image).toHaveAttribute('height', String(art.height));
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expectImagesLoaded(image);
    await expect(slides(page).nth(1).getByRole('img')).toHaveAttribute('loading', 'lazy');

    const section = page.getByRole('region', { name: 'Our games' });
    for (const game of games) {
      const link = section.getByRole('link', { name: game.game_name, exact: true });
      await expect(link).toHaveAttribute('href', game.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(section).toContainText(game.tagline);
    }
    await expectImagesLoaded(section.locator('img'));
  });

  test('the carousel turns with its buttons and the arrow keys, and by swiping on a phone', async ({
    page,
    request,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    const count = (await fetchWeb<Banner[]>(request, '/home/banner')).length;
    // No autoplay here: the slide that shows is the one the test asked for.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, `${PORTAL}/`, { landsOn: homeUrl(phone) });
    await expect(carousel(page).getByRole('button', { name: 'Play slide show' })).toBeVisible();

    await carousel(page).getByRole('button', { name: 'Next slide' }).click();
    await expectCurrentSlide(page, 2, count);
    await page.keyboard.press('ArrowRight');
    await expectCurrentSlide(page, 3, count);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expectCurrentSlide(page, 1, count);
    await carousel(page)
      .getByRole('button', { name: /^Show slide 2:/ })
      .click();
    await expectCurrentSlide(page, 2, count);
    await checkA11y(page);

    if (phone) {
      const viewport = currentSlide(page).locator('xpath=../..');
      const box = (await viewport.boundingBox())!;
      const y = box.y + box.height / 3;
      const swipe = async (fromX: number, toX: number) => {
        await viewport.dispatchEvent('pointerdown', {
          pointerId: 7,
          pointerType: 'touch',
          clientX: fromX,
          clientY: y,
        });
        await viewport.dispatchEvent('pointerup', {
          pointerId: 7,
          pointerType: 'touch',
          clientX: toX,
          clientY: y,
        });
      };
      await swipe(box.x + box.width - 20, box.x + 20);
      await expectCurrentSlide(page, 3, count);
      await swipe(box.x + 20, box.x + box.width - 20);
      await expectCurrentSlide(page, 2, count);
    }
  });

  test('the carousel plays every 6 s until paused, and never by itself under reduced motion', async ({
    page,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    await page.clock.install();
    await visit(page, `${PORTAL}/`, { landsOn: homeUrl(phone) });
    const count = await slides(page).count();
    await expectCurrentSlide(page, 1, count);
    await page.clock.fastForward(6_100);
    await expectCurrentSlide(page, 2, count);

    const pause = carousel(page).getByRole('button', { name: 'Pause slide show' });
    await pause.click();
    await expect(carousel(page).getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click(); // focus and pointer leave the carousel
    await page.clock.fastForward(20_000);
    await expectCurrentSlide(page, 2, count);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await afterNavigation(page);
    await page.clock.fastForward(20_000);
    await expectCurrentSlide(page, 1, count);
  });
});

test.describe('news', () => {
  test('open a news item from the list, read it, then switch to ไทย and read the same item in Thai', async ({
    page,
    request,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    const list = await fetchWeb<{ list: Article[]; total: number }>(request, '/news/page', {
      page_num: 1,
      page_size: 10,
    });
    const item = list.list[1]!;
    const [en, th] = await Promise.all([
      fetchWeb<Article>(request, '/news/detail', { news_id: item.id }, 'en'),
      fetchWeb<Article>(request, '/news/detail', { news_id: item.id }, 'th'),
    ]);
    expect(th.title, 'the API has a Thai text for this item').not.toBe(en.title);

    await visit(page, `${PORTAL}/news`, { landsOn: formUrl(phone, '/news', '/news/h5') });
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(list.list.map((a) => a.title));
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();

    await page.getByRole('link', { name: en.title, exact: true }).click();
    const detail = formUrl(phone, `/news-detail/${item.id}`, `/news-detail/h5/${item.id}`);
    await expect(page).toHaveURL(detail);
    await afterNavigation(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
    const body = textOf(en.body_html!);
    await expect(page.getByRole('article')).toContainText(body.slice(0, 60));
    await expect(page.getByRole('link', { name: /Back to news/ }).first()).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ไทย' });
    await reloaded;
    await afterNavigation(page);
    await expect(page).toHaveURL(detail);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(th.title);
    await expect(page.getByRole('article')).toContainText(textOf(th.body_html!).slice(0, 40));
    // The date in Thai, in the browser's time zone (Asia/Bangkok in this suite).
    const date = new Intl.DateTimeFormat('th', {
      calendar: 'gregory',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'Asia/Bangkok',
    }).format(new Date(th.publish_time));
    await expect(page.getByRole('article').locator('time').first()).toHaveText(date);
  });

  test('pages through the list with ?page=N', async ({ page, request }, testInfo) => {
    const phone = onPhone(testInfo);
    const second = await fetchWeb<{ list: Article[]; total: number }>(request, '/news/page', {
      page_num: 2,
      page_size: 10,
    });
    expect(second.total, 'demo data has two pages of news').toBeGreaterThan(10);
    await visit(page, `${PORTAL}/news`, { landsOn: formUrl(phone, '/news', '/news/h5') });
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(formUrl(phone, '/news?page=2', '/news/h5?page=2'));
    await afterNavigation(page);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(second.list.map((a) => a.title));
  });
});

test.describe('activities', () => {
  test('the list shows periods and statuses; an activity opens with its period', async ({
    page,
    request,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    const list = await fetchWeb<{ list: Article[] }>(request, '/activity/page', {
      page_num: 1,
      page_size: 10,
    });
    await visit(page, `${PORTAL}/active`, { landsOn: formUrl(phone, '/active', '/active/h5') });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(list.list.map((a) => a.title));
    await expect(page.getByRole('article').first()).toContainText(/Event period:/);
    await expect(page.getByRole('article').first()).toContainText(/Upcoming|Ongoing|Ended/);

    await page.getByRole('link', { name: firstActivity.title, exact: true }).click();
    await expect(page).toHaveURL(
      formUrl(phone, `/active-detail/${firstActivity.id}`, `/active-detail/h5/${firstActivity.id}`),
    );
    await afterNavigation(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstActivity.title);
    await expect(page.getByRole('article')).toContainText(/Event period: .+GMT\+7/);
  });
});

test.describe('preview links', () => {
  test('a valid token shows the draft with the preview notice', async ({ page }, testInfo) => {
    const phone = onPhone(testInfo);
    const draft = draftNews();
    const token = previewToken('news', draft.id, 600);
    const query = `?token=${encodeURIComponent(token)}`;
    await visit(page, `${PORTAL}/news-pre-detail/${draft.id}${query}`, {
      landsOn: formUrl(
        phone,
        `/news-pre-detail/${draft.id}${query}`,
        `/news-pre-detail/h5/${draft.id}${query}`,
      ),
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft.title.en!);
    await expect(page.getByRole('note', { name: 'Preview — not published yet' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('an expired token, no token, or the public page show the not-found state', async ({
    page,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    const draft = draftNews();
    const expired = `?token=${encodeURIComponent(previewToken('news', draft.id, -60))}`;
    const forged = `?token=${encodeURIComponent(previewToken('activity', draft.id, 600))}`;
    for (const [desktop, h5] of [
      [`/news-pre-detail/${draft.id}${expired}`, `/news-pre-detail/h5/${draft.id}${expired}`],
      [`/news-pre-detail/${draft.id}${forged}`, `/news-pre-detail/h5/${draft.id}${forged}`],
      [`/news-pre-detail/${draft.id}`, `/news-pre-detail/h5/${draft.id}`],
      [`/news-detail/${draft.id}`, `/news-detail/h5/${draft.id}`],
    ] as const) {
      await visit(page, `${PORTAL}${desktop}`, { landsOn: formUrl(phone, desktop, h5) });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this news item");
      await expect(page.getByText(draft.title.en!)).toHaveCount(0);
      await expect(page.getByRole('note', { name: 'Preview — not published yet' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Browse all news' })).toHaveAttribute(
        'href',
        phone ? '/news/h5' : '/news',
      );
    }
  });
});

test.describe('H5 game list and fan groups', () => {
  test(
    'the phone home leads to every game and every fan group',
    { tag: '@phone' },
    async ({ page, request }) => {
      // Phones only: /gamelist_h5 and /fans_h5 are H5 pages; desktop has the header menus.
      const [games, fans] = await Promise.all([fetchGames(request, 'en'), fetchFansGroups(request, 'en')]);

      await visit(page, `${PORTAL}/h5`);
      await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Games' }).click();
      await expect(page).toHaveURL(`${PORTAL}/gamelist_h5`);
      await afterNavigation(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('link')).toHaveText(games.map((g) => g.game_name));
      for (const game of games)
        await expect(main.getByRole('link', { name: game.game_name, exact: true })).toHaveAttribute(
          'href',
          game.url,
        );
      await expectImagesLoaded(main.locator('img'));

      await visit(page, `${PORTAL}/fans_h5`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fan groups');
      for (const fan of fans)
        await expect(
          page.getByRole('main').getByRole('link', { name: fan.group_name, exact: true }),
        ).toHaveAttribute('href', fan.url);
    },
  );
});
