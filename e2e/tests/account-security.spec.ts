/**
 * Account changes need a proof of the owner, desktop and phone: changing the e-mail asks for the current
 * password and a code to the old address, tells the old address and logs out the member's other devices; the
 * account page lists where the member is logged in and logs the other devices out.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { checkA11y, visit } from '../support/a11y.ts';
import { API, PASSPORT } from '../support/hosts.ts';
import { readMail } from '../support/mailbox.ts';
import { captchaAnswer, csrfToken, logIn, newMember, type Member } from '../support/member.ts';

/** Another browser logged in as the same member: its own context, cookies and device. */
async function otherBrowser(browser: Browser, member: Member) {
  const context = await browser.newContext();
  await logIn(context.request, member);
  return context;
}

/** The member call every page makes first: 0 while the context's session lives, -101 once it ended. */
async function sessionCode(request: APIRequestContext): Promise<number> {
  const ct = await csrfToken(request);
  const res = await request.get(`${API}/passport/web/user/info?ct=${encodeURIComponent(ct)}`);
  return ((await res.json()) as { code: number }).code;
}

async function sendCode(page: Page, fieldset: ReturnType<Page['getByRole']>) {
  const form = page.getByRole('form', { name: 'Change your e-mail' });
  await expect(form.getByRole('img', { name: /Security picture/ })).toBeVisible();
  await form.getByLabel('Characters in the picture').fill(captchaAnswer);
  await fieldset.getByRole('button', { name: 'Send code' }).click();
  await expect(fieldset.getByRole('button', { name: /Resend in/ })).toBeDisabled({ timeout: 5_000 });
}

/**
 * An address takes one code a minute (the server's rule, with no backdoor in the journeys), and the old address
 * got its sign-up code moments before: ask again until the server sends it, each time with a fresh captcha.
 */
async function sendCodeOnceAllowed(page: Page, fieldset: ReturnType<Page['getByRole']>) {
  await expect(() => sendCode(page, fieldset)).toPass({ intervals: [10_000], timeout: 90_000 });
}

test('changing the e-mail asks for the password and tells the old address', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const member = await newMember(page.request, `chg-${testInfo.project.name}`);
  const elsewhere = await otherBrowser(browser, member);
  const next = member.email.replace('@', '-new@');

  await visit(page, `${PASSPORT}/account`, { landsOn: `${PASSPORT}/account` });
  const form = page.getByRole('form', { name: 'Change your e-mail' });
  const current = form.getByRole('group', { name: 'Current e-mail' });
  const fresh = form.getByRole('group', { name: 'New e-mail' });

  await test.step('codes to the new and the old address', async () => {
    await fresh.getByLabel('E-mail to link').fill(next);
    await sendCode(page, fresh);
    await fresh.getByLabel('Code sent to that e-mail').fill(await readMail(page.request, next, /\b\d{6}\b/));
    await current.getByLabel('Your current e-mail address').fill(member.email);
    await sendCodeOnceAllowed(page, current);
    await current
      .getByLabel('Code sent to your current e-mail')
      .fill(await readMail(page.request, member.email, /\b\d{6}\b/));
  });

  await test.step('the password is asked for', async () => {
    await form.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Current password').fill('Wrong9999');
    await form.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your current password is incorrect. Please try again.');
    expect(await sessionCode(elsewhere.request)).toBe(0);
    await checkA11y(page);
  });

  await test.step('with it, the e-mail changes, the old address is told and other devices are logged out', async () => {
    await form.getByLabel('Current password').fill(member.password);
    await form.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(
      form
        .getByRole('status')
        .filter({ hasText: 'Your e-mail has been changed. Other devices have been logged out.' }),
    ).toBeVisible();
    const [local = '', domain = ''] = next.split('@');
    await expect(page.getByText(`${local[0]}***${local.at(-1)}@${domain}`)).toBeVisible();
    const notice = await readMail(page.request, member.email, /was changed to \S+/);
    expect(notice).toBe(`was changed to ${local[0]}***${local.at(-1)}@${domain}`);
    expect(await sessionCode(elsewhere.request)).toBe(-101);
    expect(await sessionCode(page.request)).toBe(0);
    await checkA11y(page);
  });
  await elsewhere.close();
});

test('the account page lists where the member is logged in and logs the others out', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const member = await newMember(page.request, `ses-${testInfo.project.name}`);
  const elsewhere = await otherBrowser(browser, member);

  await visit(page, `${PASSPORT}/account`, {
    landsOn: `${PASSPORT}/account`,
    ready: async (p) => {
      await expect(p.getByRole('list', { name: "Where you're logged in" }).getByRole('listitem')).toHaveCount(
        2,
      );
    },
  });
  const section = page.getByRole('region', { name: "Where you're logged in" });
  await expect(section.getByText('This device')).toBeVisible();
  await section.getByRole('button', { name: 'Log out everywhere else' }).click();
  await expect(section.getByRole('status')).toHaveText('All your other devices have been logged out.');
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText("You're not logged in anywhere else.")).toBeVisible();
  expect(await sessionCode(elsewhere.request)).toBe(-101);
  expect(await sessionCode(page.request)).toBe(0);
  await checkA11y(page);
  await elsewhere.close();
});
