/**
 * The staff second factor at the console (every staff account has one): the administrator, enrolled with an
 * authenticator app by console-setup, logs in with a code; an agent adds a passkey on sign-in security and logs
 * in with it through Chromium's virtual authenticator; the administrator resets the agent's second factor, and
 * enrolling again asks the agent to confirm it's them (the password) first.
 */
import { expect, test } from '@playwright/test';
import { afterNavigation, checkA11y, firstRenderMs, visit } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import {
  adminFactors,
  adminPassword,
  consolePasswordStep,
  newAgent,
  secondStepHeading,
  staffLogin,
  totpNow,
} from '../support/staff.ts';
import { addVirtualAuthenticator } from '../support/webauthn.ts';

// The console is a desktop tool, and the administrator's authenticator codes (one per 30 seconds) work once:
// the desktop project alone runs these.

test('the administrator logs in with a code from the authenticator app', async ({ page }) => {
  // A code works once: wait for a time step after the one console-setup used (at most 30 seconds).
  test.setTimeout(90_000);
  const { totpSecret, totpStep } = adminFactors();

  await consolePasswordStep(page, 'admin', adminPassword);
  await expect(secondStepHeading(page)).toBeVisible();
  await checkA11y(page);
  // Nothing opens before the second step.
  await expect(page).toHaveURL(/\/login/);

  const wrong = String((Number(totpNow(totpSecret).code) + 500_000) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Authenticator code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is incorrect or has already been used');

  await expect.poll(() => totpNow(totpSecret).step, { timeout: 35_000 }).toBeGreaterThan(totpStep);
  await page.getByLabel('Authenticator code').fill(totpNow(totpSecret).code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Console menu' }).getByText('Staff accounts'),
  ).toBeVisible({ timeout: firstRenderMs });
  await afterNavigation(page);

  // The recovery-code form of the same step, checked for accessibility on a fresh login.
  await page.context().clearCookies();
  await consolePasswordStep(page, 'admin', adminPassword);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  await checkA11y(page);
});

test('an agent adds a passkey and logs in with it; the administrator can reset it', async ({
  page,
  browser,
}) => {
  // Three logins, a passkey made and used, a reset and four axe runs.
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await staffLogin(adminContext.request, 'admin', adminPassword);
  // The page's browser is logged in as a new agent (who has a software passkey as second factor).
  const agent = await newAgent(admin, page.request, { tag: 'passkey', privilegeIds: [1] });

  await addVirtualAuthenticator(page);

  await visit(page, `${CS_ADMIN}/security`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Passkeys' })).toContainText('Work laptop');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await consolePasswordStep(page, agent.accountId, agent.password);
  await expect(secondStepHeading(page)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('navigation', { name: 'Console menu' })).toBeVisible({
    timeout: firstRenderMs,
  });
  await visit(page, `${CS_ADMIN}/security`);
  // Now it has been used.
  await expect(
    page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Work laptop' }),
  ).not.toContainText('last used never');

  // The administrator (logged in in their own browser above) resets the agent's second factor.
  const adminPage = await adminContext.newPage();
  await visit(adminPage, `${CS_ADMIN}/accounts?q=${agent.accountId}`);
  await adminPage.getByRole('button', { name: `Reset second factor of ${agent.accountId}` }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog).toContainText(`Reset the second factor of ${agent.accountId}?`);
  await checkA11y(adminPage, { include: '.ant-modal' });
  await dialog.getByRole('button', { name: 'Reset second factor' }).click();
  await expect(adminPage.getByText(`The second factor of ${agent.accountId} has been reset.`)).toBeVisible();
  await adminContext.close();

  // The agent's session has ended; the next login leads to enrolment again.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await consolePasswordStep(page, agent.accountId, agent.password);
  await expect(page).toHaveURL(/\/security/);
  await expect(page.getByText('Set up a second sign-in step to continue')).toBeVisible();
  // A login is no step-up: enrolling again asks for the password first, and the password alone does (no factor
  // is left to prove).
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const stepUp = page.getByRole('dialog');
  await expect(stepUp).toContainText("Confirm it's you");
  await expect(stepUp).toContainText('enter your password again');
  await expect(stepUp.getByLabel('Password', { exact: true })).toBeVisible();
  await stepUp.getByLabel('Password', { exact: true }).fill(agent.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByLabel('Setup key')).toBeVisible();
});
