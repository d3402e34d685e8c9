import { expect, test } from '@playwright/test';
import { visit } from '../support/a11y.ts';
import { PASSPORT } from '../support/hosts.ts';

test.describe('passport', () => {
  test('the login page shows its heading', async ({ page }) => {
    await visit(page, `${PASSPORT}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await expect(page).toHaveTitle(/Log in/);
  });

  test('the root redirects to /login', async ({ page }) => {
    await visit(page, `${PASSPORT}/`);
    await expect(page).toHaveURL(`${PASSPORT}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  });
});
