/**
 * Account guards end to end (others cannot lock a player out; a forgotten password is no dead end): failed logins
 * by others from one address never lock a player out; the password change by SMS code on the account page for a
 * member who forgot the old one; the e-mail-code reset beside the link on the find-password page, where a common
 * password is refused with its message. Codes come from the dev mailbox; the e2e server runs with the slowdown
 * off (playwright.config.ts).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkA11y, visit } from '../support/a11y.ts';
import { API, PASSPORT } from '../support/hosts.ts';
import { readMail } from '../support/mailbox.ts';
import { captchaTicket, csrfToken, logIn, newMember, seal, signUp } from '../support/member.ts';

const captchaAnswer = 'pass';

/** A login's envelope code, as the login form sends it, from this context's address. */
async function loginCode(request: APIRequestContext, user: string, password: string): Promise<number> {
  const [pwd] = await seal(request, password);
  const res = await request.post(`${API}/passport/web/game/login`, {
    form: { user, pwd: pwd!, captcha: await captchaTicket(request, 'login') },
  });
  return ((await res.json()) as { code: number }).code;
}

/**
 * Asks for a code in `form`. The server sends a target one code a minute, and the journey's step before sent
 * this target one (the sign-up or the phone binding): the first tries are refused with that message until the
 * minute is over, so this tries again, each time with a fresh captcha, until the code goes out.
 */
async function sendCode(form: ReturnType<Page['getByRole']>) {
  await expect(async () => {
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'we have sent a 6-digit code' })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 90_000, intervals: [10_000] });
}

/** Solves the captcha of the form `form` (its own picture) with the e2e server's fixed answer. */
async function solveCaptcha(form: ReturnType<Page['getByRole']>) {
  await expect(form.getByRole('img', { name: /Security picture/ })).toBeVisible();
  await form.getByLabel('Characters in the picture').fill(captchaAnswer);
}

test('25 failed logins on other accounts from one address, then a right password from it gets in', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `e2e-crowd-${Date.now()}@example.com`;
  await signUp(request, email, 'Crowd2024x');
  // Others behind the same carrier address: wrong passwords for other names and for this account.
  for (let i = 0; i < 25; i++) {
    expect(await loginCode(request, `other-${i}-${Date.now()}@example.com`, 'Wrong1234')).toBe(-645);
  }
  await visit(page, `${PASSPORT}/login`);
  await page.getByLabel('E-mail or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Crowd2024x');
  await page.getByLabel('Characters in the picture').fill(captchaAnswer);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await loginCode(request, email, 'Crowd2024x')).toBe(0);
});

test('a member who forgot the password changes it with an SMS code from the account page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = await newMember(page.request, 'by-code');
  const tel = `8${String(Date.now()).slice(-8)}`;
  const phone = `66${tel}`;
  // Link a phone first, as the account page's phone form does.
  const ct = await csrfToken(page.request);
  const bindSend = await page.request.post(`${API}/passport/web/sms/send`, {
    form: { cid: '66', tel, type: 'bind', captcha: await captchaTicket(page.request, 'account'), ct },
  });
  expect(((await bindSend.json()) as { code: number }).code).toBe(0);
  const bindCode = await readMail(page.request, phone, /\b\d{6}\b/);
  const bound = await page.request.post(`${API}/passport/web/user/handle/tel`, {
    // Linking a phone needs the current password (a contact change proves the owner).
    form: { cid: '66', tel, code: bindCode, pwd: (await seal(page.request, member.password))[0]!, ct },
  });
  expect(((await bound.json()) as { code: number }).code).toBe(0);

  await visit(page, `${PASSPORT}/account`);
  const form = page.getByRole('form', { name: 'Forgot your password? Change it with a code' });
  await expect(form).toBeVisible();
  await checkA11y(page);
  await form.getByRole('radio', { name: 'Linked phone' }).check();
  await form.getByLabel('Phone number').fill(tel);
  await sendCode(form);
  const code = await readMail(page.request, phone, /\b\d{6}\b/);
  await form.getByLabel('SMS code').fill(code);
  await form.getByLabel('New password', { exact: true }).fill('Fresh2025s');
  await form.getByLabel('Confirm new password').fill('Fresh2025s');
  await form.getByRole('button', { name: 'Change password with the code' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  expect(await loginCode(page.request, member.email, member.password)).toBe(-645);
  await logIn(page.request, { email: member.email, password: 'Fresh2025s' });
});

test('reset with an e-mail code on the find-password page; a common password is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `e2e-code-reset-${Date.now()}@example.com`;
  await signUp(request, email, 'Before2024x');
  await visit(page, `${PASSPORT}/findpwd`);
  const form = page.getByRole('form', { name: 'Or reset it with an e-mail code' });
  await expect(form).toBeVisible();
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await sendCode(form);
  await checkA11y(page);
  const code = await readMail(request, email, /code is (\d{6})/);
  await form.getByLabel('E-mail code').fill(code.slice(-6));
  await form.getByLabel('New password', { exact: true }).fill('password1');
  await form.getByLabel('Confirm new password').fill('password1');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'This password is one of the most common and easy to guess. Please choose another one.',
  );
  await form.getByLabel('New password', { exact: true }).fill('After2025x');
  await form.getByLabel('Confirm new password').fill('After2025x');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(form.getByText('Your password has been changed. You can log in with it now.')).toBeVisible();
  expect(await loginCode(request, email, 'Before2024x')).toBe(-645);
  expect(await loginCode(request, email, 'After2025x')).toBe(0);
});
