/**
 * Privacy rights end to end (the PDPA's access and erasure): a member confirms it is them (the password) and
 * downloads their data from the account page (the file holds their account) and asks to delete the account with the password; every session ends. Logging in
 * again cancels the deletion, and the login page says so. The console lists the request, pending and then
 * cancelled. axe on every new screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { CS_ADMIN, PASSPORT } from '../support/hosts.ts';
import { captchaAnswer, newMember } from '../support/member.ts';
import { loginUrl, onPhone } from '../support/shell.ts';
import { adminPassword, staffLogin } from '../support/staff.ts';

/** The console's privacy requests of one member, once its list has loaded. */
async function consoleRequests(page: Page, mid: number) {
  await visit(page, `${CS_ADMIN}/privacy?mid=${mid}`, {
    ready: async (p) => {
      await expect(p.getByRole('table', { name: 'Privacy requests, newest first' })).toBeVisible();
      await expect(p.getByRole('row').nth(1)).toContainText(`UID ${mid}`);
    },
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy requests');
  return page.getByRole('row').filter({ hasText: 'Account deletion' });
}

test('download my data, delete my account, cancel it by logging in; staff see the request', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const h5 = onPhone(testInfo);
  const member = await newMember(page.request, `privacy-${testInfo.project.name}`);
  const section = page.getByRole('region', { name: 'Your data and account' });

  await test.step('the account page offers both rights', async () => {
    await visit(page, `${PASSPORT}/account`, {
      landsOn: `${PASSPORT}/account`,
      ready: async (p) => {
        await expect(p.getByRole('button', { name: 'Download my data' })).toBeVisible();
      },
    });
  });

  await test.step('download my data: confirm it is me, then a JSON file with my account', async () => {
    // The export needs a proof on this session from the last 5 minutes: the page asks once the server does.
    await section.getByRole('button', { name: 'Download my data' }).click();
    const confirm = page.getByRole('form', { name: "Confirm it's you" });
    await confirm.getByLabel('Your password').fill(member.password);
    await checkA11y(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: 'Confirm and download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^joypeak-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      account: { mid: number; email: string };
    };
    expect(file.account).toMatchObject({ mid: member.mid, email: member.email });
    await expect(section.getByRole('status')).toHaveText('Your data has been downloaded.');
  });

  await test.step('delete my account with my password: signed out, with the date', async () => {
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const form = page.getByRole('form', { name: 'Delete your account?' });
    await expect(form).toContainText('After 14 days');
    await form.getByLabel('Your password').fill(member.password);
    await checkA11y(page);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(section.getByRole('status')).toContainText('Your account will be deleted on');
    await checkA11y(page);
  });

  // The console in a context of its own: its staff cookies stay apart from the member's.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffLogin(staffPage.request, 'admin', adminPassword);

  await test.step('the console lists the pending deletion', async () => {
    const row = await consoleRequests(staffPage, member.mid);
    await expect(row).toContainText(member.email);
    await expect(row).toContainText('Waiting');
    await expect(row.getByRole('button', { name: /^Erase now/ })).toBeVisible();
  });

  await test.step('logging in again cancels the deletion, and the login page says so', async () => {
    await visit(page, loginUrl(h5), { landsOn: new RegExp(loginUrl(h5)) });
    await page.getByLabel('E-mail or phone number').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await expect(page.getByRole('img', { name: /Security picture/ })).toBeVisible();
    await page.getByLabel('Characters in the picture').fill(captchaAnswer);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'your account will not be deleted' }),
    ).toBeVisible();
    await checkA11y(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await afterNavigation(page);
  });

  await test.step('the account page and the console show it cancelled', async () => {
    await visit(page, `${PASSPORT}/account`, {
      landsOn: `${PASSPORT}/account`,
      ready: async (p) => {
        await expect(p.getByText(/the deletion was cancelled/)).toBeVisible();
      },
    });
    const row = await consoleRequests(staffPage, member.mid);
    await expect(row).toContainText('Cancelled');
    await expect(row).toContainText('The member logged in');
  });
  await staffContext.close();
});
