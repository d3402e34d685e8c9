import { expect, test, type Page } from '@playwright/test';
import { visit } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import { adminPassword, staffLogin } from '../support/staff.ts';

/** The status card fetches /healthz after the heading renders; axe waits for the answer. */
const running = (page: Page) => page.getByText('Running', { exact: true });

test.describe('staff console', () => {
  test('someone not signed in is sent to the login, and back after it', async ({ page }) => {
    await visit(page, `${CS_ADMIN}/status`, { landsOn: /\/login\?redirect=%2Fstatus/ });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff login');
  });

  test('the status page shows the API and the database running', async ({ page }) => {
    await staffLogin(page.request, 'admin', adminPassword);
    await visit(page, `${CS_ADMIN}/status`, {
      ready: async (p) => {
        await expect(running(p)).toHaveCount(2);
      },
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service status');
    await expect(running(page).first()).toBeVisible();
    await expect(running(page).last()).toBeVisible();
  });
});
