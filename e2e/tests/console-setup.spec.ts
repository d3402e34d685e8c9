/**
 * The administrator's first login, as an operator does it after a fresh `pnpm start`: the one-time password the
 * server printed, then the forced change to a password of their own (support/staff.ts `adminPassword`, which
 * every later console journey uses). Runs once per run, before the desktop and mobile projects.
 */
import { expect, test } from '@playwright/test';
import { afterNavigation } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import {
  adminPassword,
  changeOneTimePassword,
  consoleLogin,
  printedAdminPassword,
} from '../support/staff.ts';

test('the printed administrator logs in and must choose a password first', async ({ page }) => {
  const oneTime = printedAdminPassword();

  // A wrong password is refused with the catalogue's message, and nothing opens.
  await consoleLogin(page, 'admin', `${oneTime}x`);
  await expect(page.getByRole('alert')).toContainText('Incorrect account ID or password');
  await expect(page).toHaveURL(/\/login/);

  await consoleLogin(page, 'admin', oneTime);
  await expect(page.getByText(/one-time password/i).first()).toBeVisible();
  // Until it is changed, every other screen leads back to the password change.
  await page.goto(`${CS_ADMIN}/accounts`);
  await expect(page).toHaveURL(/\/password/);

  await changeOneTimePassword(page, oneTime, adminPassword);
  await afterNavigation(page);
  await expect(
    page.getByRole('navigation', { name: 'Console menu' }).getByText('Staff accounts'),
  ).toBeVisible();
});
