/**
 * Members' passkeys (an optional way to log in without a password), desktop and phone: a member adds a passkey on
 * the account page (with the current password) through Chromium's virtual authenticator, logs out, and logs in
 * with it on the login page (`/login_h5` on a phone) without typing an account; the account page then shows it as
 * used.
 */
import { expect, test } from '@playwright/test';
import { checkA11y, visit } from '../support/a11y.ts';
import { PASSPORT } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { homeUrl, loginUrl, onPhone } from '../support/shell.ts';
import { addVirtualAuthenticator } from '../support/webauthn.ts';

test('a member adds a passkey, logs out and logs in with it', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const h5 = onPhone(testInfo);
  const member = await newMember(page.request, `passkey-${testInfo.project.name}`);

  await addVirtualAuthenticator(page);

  // axe on the passkeys section only: the whole account page is account-security.spec.ts's (on a phone with a
  // virtual authenticator, axe counts a binding form's "Send code" as partially obscured; left in the note).
  await page.goto(`${PASSPORT}/account`);
  await expect(page).toHaveURL(`${PASSPORT}/account`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toBeVisible();
  await checkA11y(page, { include: '#passkeys' });

  await test.step('add a passkey with the current password', async () => {
    await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const form = section.getByRole('form', { name: 'Add a passkey' });
    await form.getByLabel('Passkey name').fill('My phone');
    await form.getByLabel('Current password').fill(member.password);
    // The section (the rest of the account page has its own journeys): on a phone the sticky header covers
    // whichever other form the scroll leaves under it, which axe counts against that form's buttons.
    await checkA11y(page, { include: '#passkeys' });
    await form.getByRole('button', { name: 'Create passkey' }).click();
    await expect(section.getByRole('status')).toHaveText(
      'Passkey "My phone" added. You can now use it to log in.',
    );
    const item = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('My phone');
    await expect(item).toContainText('Not used yet');
    await checkA11y(page, { include: '#passkeys' });
  });

  await test.step('log out, then log in with the passkey alone', async () => {
    await page.context().clearCookies();
    await visit(page, `${PASSPORT}/login`, { landsOn: loginUrl(h5) });
    const button = page.getByRole('button', { name: 'Log in with a passkey' });
    await expect(button).toBeVisible();
    await checkA11y(page);
    await button.click();
    await expect(page).toHaveURL(homeUrl(h5));
  });

  await test.step('the account page shows the passkey as used', async () => {
    await page.goto(`${PASSPORT}/account`);
    await expect(page).toHaveURL(`${PASSPORT}/account`);
    const item = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(item).toContainText('My phone');
    await expect(item).toContainText('Last used');
  });
});
