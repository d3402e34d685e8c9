/**
 * Sign in with Apple and with Facebook through their real protocols, desktop and phone, against the API's local
 * test servers (`SOCIAL_TEST_SERVERS`, set by `pnpm start`): Apple's page answers with a form POST to the
 * passport host, which hands it to the API; Facebook's dialog redirects back with a code. Both land logged in
 * where the login was asked for.
 */
import { expect, test, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { PASSPORT, PAY } from '../support/hosts.ts';
import { onPhone } from '../support/shell.ts';

/** The login guard's place to come back to: the pay history. */
const back = `${PAY}/paygame_history/`;

async function startAt(page: Page, h5: boolean, provider: 'Apple' | 'Facebook') {
  await visit(page, `${PASSPORT}/login?redirect=${encodeURIComponent(back)}`, {
    landsOn: new RegExp(`${PASSPORT}/login${h5 ? '_h5' : ''}`),
  });
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
}

async function landsLoggedIn(page: Page, h5: boolean, nick: string) {
  await expect(page).toHaveURL(new RegExp(`^${PAY}/(paygame_history|pay_h5/pg_record)`));
  await afterNavigation(page);
  await expect(page.getByRole('button', { name: h5 ? `Account of ${nick}` : `Hi, ${nick}` })).toBeVisible();
}

/** Short and unique per run and project: nicknames keep 12 letters or digits. */
const stamp = (h5: boolean) => `${h5 ? 'M' : 'D'}${Date.now().toString(36).slice(-6)}`;

test('sign in with Apple: its form POST comes back through the passport host, signed in', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const h5 = onPhone(testInfo);
  const last = stamp(h5);
  await startAt(page, h5, 'Apple');

  await test.step("Apple's page asks for the Apple ID; the name comes with the first authorization", async () => {
    await expect(page.getByRole('heading', { name: 'Sign in with Apple (test server)' })).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('First name').fill('Ploy');
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('Apple ID (e-mail)').fill(`ploy.${last.toLowerCase()}@example.com`);
    await page.getByLabel('Hide my e-mail').check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  });

  await test.step('back signed in, named after the Apple name', async () => {
    await landsLoggedIn(page, h5, `Ploy${last}`);
  });
});

test('sign in with Facebook without sharing an e-mail, signed in', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const h5 = onPhone(testInfo);
  const name = `An ${stamp(h5)}`;
  await startAt(page, h5, 'Facebook');

  await test.step("Facebook's login dialog", async () => {
    await expect(page.getByRole('heading', { name: 'Log in with Facebook (test server)' })).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  });

  await test.step('back signed in, named after the Facebook name', async () => {
    await landsLoggedIn(page, h5, name.replace(/\s/g, ''));
  });
});

test('a cancelled Apple sign-in says so and leads back to login', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  await startAt(page, h5, 'Apple');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${PASSPORT}/apple_return_url\\?.*error=user_cancelled_authorize`),
  );
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in was cancelled or refused, so you are not logged in.',
  );
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
  await checkA11y(page);
});
