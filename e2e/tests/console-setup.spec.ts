/**
 * The administrator's first login, as an operator does it after a fresh `pnpm start`: the one-time password the
 * server printed, then the forced change to a password of their own (support/staff.ts `adminPassword`, which
 * every later console journey uses), then the forced enrolment of a second factor: an authenticator app by its
 * QR code's key, and the recovery codes. Runs once per run, before the desktop and mobile projects, and keeps the
 * app's secret and a software passkey for the later journeys (support/staff.ts `adminFactors`).
 */
import { expect, test } from '@playwright/test';
import { afterNavigation, checkA11y } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import {
  addSoftwarePasskey,
  adminPassword,
  changeOneTimePassword,
  consoleLogin,
  printedAdminPassword,
  saveAdminFactors,
  staffApiOf,
} from '../support/staff.ts';

test('the printed administrator logs in, must choose a password, then set up a second factor', async ({
  page,
}) => {
  // Two logins, the password change, enrolment and four axe runs: more than the default 30 seconds.
  test.setTimeout(120_000);
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

  // The password change leads on to enrolment; until a factor is set up, nothing else opens either.
  const enrolled = await changeOneTimePassword(page, oneTime, adminPassword, { axe: true });
  await afterNavigation(page);
  await expect(
    page.getByRole('navigation', { name: 'Console menu' }).getByText('Staff accounts'),
  ).toBeVisible();

  // The administrator's own factors: the app, and a passkey the later journeys log in with.
  const admin = await staffApiOf(page.request);
  const passkey = await addSoftwarePasskey(admin, 'admin');
  saveAdminFactors({ ...enrolled, passkey: passkey.credential });
  await page.goto(`${CS_ADMIN}/security`);
  await afterNavigation(page);
  await expect(page.getByText('E2E passkey')).toBeVisible();
  await expect(page.getByText('10 unused recovery codes left.')).toBeVisible();
  await checkA11y(page);
});
