import { expect, test, type Page } from '@playwright/test';
import { visit } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';

/** The status card fetches /healthz after the heading renders; axe waits for the answer. */
const running = (page: Page) => page.getByText('Running', { exact: true });

test.describe('staff console', () => {
  test('the status page shows the API and the database running', async ({ page }) => {
    await visit(page, `${CS_ADMIN}/`, {
      ready: async (p) => {
        await expect(running(p)).toHaveCount(2);
      },
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service status');
    await expect(running(page)).toHaveCount(2);
    await expect(running(page).first()).toBeVisible();
    await expect(running(page).last()).toBeVisible();
  });
});
