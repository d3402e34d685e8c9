/**
 * The publisher's first day (issue: "Day one for a publisher"), in the production shape of stack-setup.ts, over
 * https through nginx: from an empty database to a credited top-up and its refund, using the console and the studio's
 * game-server URL and keys alone. Its steps run in order and share what they made.
 */
import { expect, test, type Page } from '@playwright/test';
import { changeOneTimePassword, secondStepHeading, totpNow } from '../support/staff.ts';
import { productionStack } from './production-stack.ts';
import { captchaReader } from './production-support.ts';

test.describe.configure({ mode: 'serial' });

const adminPassword = 'Production admin pass 2026';
let totpSecret = '';
let lastStep = 0;

/** The console's login with the password, then the authenticator app's code (a fresh time step each time). */
async function consoleLogin(page: Page, password: string) {
  const { csAdmin } = productionStack().origins;
  const captcha = captchaReader(page);
  await page.goto(`${csAdmin}/login`);
  await page.getByLabel('Account ID').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Verification code').fill(await captcha.read());
  await page.getByRole('button', { name: 'Log in' }).click();
  if (!totpSecret) return;
  await expect(secondStepHeading(page)).toBeVisible();
  let now = totpNow(totpSecret);
  // A code works once: wait for the next one after the last used.
  while (now.step <= lastStep) {
    await page.waitForTimeout(1_000);
    now = totpNow(totpSecret);
  }
  lastStep = now.step;
  await page.getByLabel(/code/i).first().fill(now.code);
  await page
    .getByRole('button', { name: /verify|confirm|log in/i })
    .first()
    .click();
}

test('the operator logs in with the printed one-time password, changes it and sets up an authenticator app', async ({
  page,
}) => {
  await consoleLogin(page, productionStack().adminPassword);
  const enrolled = await changeOneTimePassword(page, productionStack().adminPassword, adminPassword);
  totpSecret = enrolled.totpSecret;
  lastStep = enrolled.totpStep;
  await expect(
    page.getByRole('navigation', { name: 'Console menu' }).getByText('Staff accounts'),
  ).toBeVisible();
});
