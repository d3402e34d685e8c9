import { expect, test, type Page } from '@playwright/test';
import { checkA11y, visit } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import { adminPassword, staffLogin } from '../support/staff.ts';
import thAdmin from '../../packages/i18n/locales/th/admin.json' with { type: 'json' };

/** The status card fetches /healthz after the heading renders; axe waits for the answer. */
const running = (page: Page) => page.getByText('Running', { exact: true });

test.describe('staff console', () => {
  test('someone not signed in is sent to the login, and back after it', async ({ page }) => {
    await visit(page, `${CS_ADMIN}/status`, { landsOn: /\/login\?redirect=%2Fstatus/ });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff login');
  });

  test('a link carrying a language opens the console in it, and the console keeps it', async ({ page }) => {
    await visit(page, `${CS_ADMIN}/login?lang=th`, { landsOn: /\/login$/ });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(thAdmin.login.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await visit(page, `${CS_ADMIN}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(thAdmin.login.title);
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

  test('the audit log shows who did what, with the changes of an entry', async ({ page }) => {
    // Two checked page states (the log, then a filtered entry opened), a login and a filter on a busy console:
    // on a loaded two-core machine the steps took 30 s on the phone (timed out in the second axe check).
    test.setTimeout(60_000);
    await staffLogin(page.request, 'admin', adminPassword);
    await visit(page, `${CS_ADMIN}/audit`, {
      ready: async (p) => {
        await expect(p.getByRole('cell', { name: 'Logged in' }).first()).toBeVisible();
      },
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
    // The administrator's own first password change is on record (never the password itself).
    // Filtered by actor and action: the administrator's other entries of a whole run fill many pages.
    await page.getByLabel('Staff member').fill('admin');
    await page.getByLabel('Action', { exact: true }).click();
    await page.getByLabel('Action', { exact: true }).fill('Own password changed');
    await page.getByTitle('Own password changed', { exact: true }).click();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const change = page.getByRole('row').filter({ hasText: 'Own password changed' }).first();
    await expect(change).toContainText('admin');
    await change.getByRole('button', { name: /^Show the changes of entry/ }).click();
    await expect(page.getByRole('button', { name: /^Hide the changes of entry/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText('Own password changed').first()).toBeVisible();
    await checkA11y(page);
  });
});
