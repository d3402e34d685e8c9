import { expect, test, type Locator, type Page } from '@playwright/test';
import thCommon from '../../packages/i18n/locales/th/common.json' with { type: 'json' };
import thPortal from '../../packages/i18n/locales/th/portal.json' with { type: 'json' };
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { fetchFansGroups, fetchGames } from '../support/api.ts';
import { fetchWeb, type RecommendedGame } from '../support/content.ts';
import { PAY, PORTAL } from '../support/hosts.ts';
import { expectImagesLoaded } from '../support/images.ts';
import { homeUrl, onPhone } from '../support/shell.ts';

const demoGames = ['Starfall Legends', 'Lotus Blade', 'Monsoon Racers', 'Harbor of Dragons'];
const demoGamesTh = ['ตำนานดาวตก', 'ดาบบัวสวรรค์', 'มรสุมเรเซอร์', 'ท่าเรือมังกร'];
const menuEn = ['News', 'Games', 'Top up', 'Fan groups', 'Customer service'];

/** The "Our games" section of the home page (a region named by its heading, the server's module title). */
const gamesSection = (page: Page, name: string | RegExp = 'Our games') => page.getByRole('region', { name });
/** The game names of that section, one link per card (the H5 "All games" link is not in the list). */
const gameLinks = (section: Locator) => section.getByRole('listitem').getByRole('link');

/** The desktop header's top-level menu entries: a link, or the button of a dropdown (HoverMenu). */
const menuEntries = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name })
    .locator(':scope > ul > li > a, :scope > ul > li > div > button[aria-expanded]');

/** A dropdown of the desktop header: its button and the popup the button controls. */
async function dropdown(page: Page, label: string) {
  const button = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: label, exact: true });
  const popupId = await button.getAttribute('aria-controls');
  expect(popupId, `the ${label} button names the popup it controls`).toBeTruthy();
  return { button, popup: page.locator(`[id="${popupId}"]`) };
}

test.describe('portal home', () => {
  test('recommends the games the API returns, with their icons loaded', async ({
    page,
    request,
  }, testInfo) => {
    const fromApi = await fetchWeb<RecommendedGame[]>(request, '/home/game/recommend');
    expect(fromApi.map((g) => g.game_name)).toEqual(demoGames);
    expect((await fetchGames(request, 'en')).map((g) => g.game_name)).toEqual(demoGames);

    // Phones are sent to the H5 home, which shows the same section.
    await visit(page, `${PORTAL}/`, { landsOn: homeUrl(onPhone(testInfo)) });
    await expect(gameLinks(gamesSection(page))).toHaveText(demoGames);
    for (const game of fromApi) {
      const link = gamesSection(page).getByRole('link', { name: game.game_name, exact: true });
      await expect(link).toHaveAttribute('href', game.url);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expectImagesLoaded(gamesSection(page).locator('img'));
  });

  test(
    'header menu has every section; the Games and Fan groups dropdowns open from keyboard and pointer',
    { tag: '@desktop' },
    async ({ page, request }) => {
      // Desktop only: phones get the H5 header, which has no menu (shell.spec checks it).
      const fans = await fetchFansGroups(request, 'en');
      expect(fans.length, 'demo data has fan groups').toBeGreaterThan(0);

      await visit(page, `${PORTAL}/`);
      await expect(menuEntries(page, 'Main menu')).toHaveText(menuEn);
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await expect(nav.getByRole('link', { name: 'Top up', exact: true })).toHaveAttribute(
        'href',
        `${PAY}/paygame/?lang=en`,
      );

      // Keyboard (DESIGN 7: menus are keyboard reachable): Enter opens, Escape closes and returns focus.
      const games = await dropdown(page, 'Games');
      await expect(games.button).toHaveAttribute('aria-expanded', 'false');
      await expect(games.popup).toBeHidden();
      await games.button.focus();
      await page.keyboard.press('Enter');
      await expect(games.button).toHaveAttribute('aria-expanded', 'true');
      await expect(games.popup.getByRole('link')).toHaveText(demoGames);
      await checkA11y(page);
      await page.keyboard.press('Escape');
      await expect(games.button).toHaveAttribute('aria-expanded', 'false');
      await expect(games.popup).toBeHidden();
      await expect(games.button).toBeFocused();

      // Pointer: hovering opens the fan groups, leaving closes them after a moment.
      const fanGroups = await dropdown(page, 'Fan groups');
      await fanGroups.button.hover();
      await expect(fanGroups.button).toHaveAttribute('aria-expanded', 'true');
      await expect(fanGroups.popup.getByRole('link')).toHaveText(fans.map((f) => f.group_name));
      for (const fan of fans) {
        await expect(
          fanGroups.popup.getByRole('link', { name: fan.group_name, exact: true }),
        ).toHaveAttribute('href', fan.url);
      }
      await checkA11y(page);
      const viewport = page.viewportSize();
      await page.mouse.move(1, (viewport?.height ?? 600) - 1); // bottom left: far from the header and its popups
      await expect(fanGroups.button).toHaveAttribute('aria-expanded', 'false');
      await expect(fanGroups.popup).toBeHidden();
    },
  );

  test('switching the language to Thai reloads the home page with the games in Thai, and it stays Thai', async ({
    page,
    request,
  }, testInfo) => {
    const modulesTh = await fetchWeb<{ type: string; title: string }[]>(
      request,
      '/home/module/list',
      {},
      'th',
    );
    const gamesTitleTh = modulesTh.find((m) => m.type === 'games')?.title;
    expect(gamesTitleTh, 'the Thai module list has the games section').toBeTruthy();
    const home = homeUrl(onPhone(testInfo));
    await visit(page, `${PORTAL}/`, { landsOn: home });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ไทย' });
    await reloaded;
    await afterNavigation(page);

    // The header's Thai strings are shell.spec's concern; here: the page content follows the language.
    const expectThai = async () => {
      await expect(page).toHaveURL(home);
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(page.getByLabel(thCommon.language.label, { exact: true })).toHaveValue('th');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(thPortal.home.heading);
      // The section and its title come from the server's module list, in Thai.
      await expect(gameLinks(gamesSection(page, gamesTitleTh!))).toHaveText(demoGamesTh);
    };
    await expectThai();

    await page.reload();
    await afterNavigation(page);
    await expectThai();
  });
});
