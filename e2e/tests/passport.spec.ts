import { expect, test } from '@playwright/test';
import { visit } from '../support/a11y.ts';
import { PASSPORT } from '../support/hosts.ts';
import { homeUrl, loginUrl, onPhone } from '../support/shell.ts';

test.describe('passport', () => {
  test('the login page shows its heading (phones get /login_h5)', async ({ page }, testInfo) => {
    await visit(page, `${PASSPORT}/login`, { landsOn: loginUrl(onPhone(testInfo)) });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to JoyPeak Games');
    await expect(page).toHaveTitle('Log in | JoyPeak Games');
  });

  test('the root, a portal page, is handed over to the portal home', async ({ page }, testInfo) => {
    // Spec 2: on the passport host only login, signup, find-password and account stay; other routes return to
    // the main host. `/` is the portal home.
    await visit(page, `${PASSPORT}/`, { landsOn: homeUrl(onPhone(testInfo)) });
  });
});
