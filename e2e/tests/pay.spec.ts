import { expect, test } from '@playwright/test';
import { visit } from '../support/a11y.ts';
import { fetchGames } from '../support/api.ts';
import { PAY } from '../support/hosts.ts';
import { expectImagesLoaded } from '../support/images.ts';
import { homeUrl, onPhone } from '../support/shell.ts';

test.describe('pay', () => {
  test('the top-up page lists the games the API returns (phones get /pay_h5)', async ({
    page,
    request,
  }, testInfo) => {
    const fromApi = (await fetchGames(request, 'en')).map((g) => g.game_name);
    expect(fromApi).toEqual(['Starfall Legends', 'Lotus Blade', 'Monsoon Racers', 'Harbor of Dragons']);

    await visit(page, `${PAY}/paygame/`, {
      landsOn: onPhone(testInfo) ? `${PAY}/pay_h5` : `${PAY}/paygame/`,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top up game credit');
    const choose = page.getByRole('region', { name: 'Choose a game to top up' });
    await expect(choose.getByRole('listitem')).toHaveText(fromApi);
    await expectImagesLoaded(choose.locator('img'));
  });

  test('the root, a portal page, is handed over to the portal home', async ({ page }, testInfo) => {
    // Spec 2: the pay host serves the top-up pages; `/` is the portal home.
    await visit(page, `${PAY}/`, { landsOn: homeUrl(onPhone(testInfo)) });
  });
});
