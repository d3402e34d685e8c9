/**
 * A player on a slow phone acts before the scripts have the page: what they type or choose right after the first
 * paint is kept when the scripts take it over, a language chosen is applied, a link tapped navigates. The page
 * runs on a 6x slower CPU and a slow 4G network (DevTools protocol), the test acts as soon as the control is
 * painted (not at load), then waits for the takeover (`#root[data-taken-over]`, set by the apps' boot) and for
 * what follows it (the captcha picture), and checks.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import enPassport from '../../packages/i18n/locales/en/passport.json' with { type: 'json' };
import thCommon from '../../packages/i18n/locales/th/common.json' with { type: 'json' };
import { PASSPORT, PAY, PORTAL } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { loginUrl, onPhone } from '../support/shell.ts';
import { payGames } from '../support/topup.ts';

/** DevTools' "Slow 4G" and a CPU six times slower: a low-end phone. */
async function slowDevice(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: 180_000,
    uploadThroughput: 84_375,
  });
}

/**
 * Holds the page's scripts back until `release()`: what the test does meanwhile surely happens before the
 * takeover, however fast the machine (the throttled network alone leaves a window of a second or two).
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const root = (page: Page) => page.locator('#root');

/** True while the scripts have not taken the page over yet. */
const beforeTakeover = async (page: Page) => (await root(page).getAttribute('data-taken-over')) === null;

async function takenOver(page: Page) {
  await expect(root(page)).toHaveAttribute('data-taken-over', '', { timeout: 30_000 });
}

/** Taps on a phone, clicks elsewhere, as the player would. */
const press = (target: Locator, h5: boolean) => (h5 ? target.tap() : target.click());

const passportPage = (path: string, h5: boolean) => `${PASSPORT}/${path}${h5 ? '_h5' : ''}`;

/**
 * A server-rendered page with the header's language switcher (the H5 login has a back bar instead), with a
 * query of its own.
 */
const switcherPage = (h5: boolean) =>
  h5 ? `${PORTAL}/news/h5?page=1` : `${loginUrl(false)}?redirect=${encodeURIComponent(`${PORTAL}/news`)}`;

/** The page is in Thai: its language, and its header's Thai words. */
async function inThai(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'th', { timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: thCommon.language.label })).toHaveValue('th');
}

test.beforeEach(async ({ page }) => {
  // A slow phone takes its time: twice the suite's usual allowance.
  test.setTimeout(60_000);
  await slowDevice(page);
});

test('what is typed on the login form before the takeover stays', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  const scripts = await holdScripts(page);
  await page.goto(loginUrl(h5), { waitUntil: 'commit' });
  const account = page.getByLabel(enPassport.login.account);
  const password = page.getByLabel(enPassport.login.password, { exact: true });
  const keep = page.getByRole('checkbox', { name: enPassport.login.keep });
  await account.fill('early@example.com');
  await password.fill('Secret123');
  await keep.check();
  // The server painted the form: all of this happened before the scripts had it.
  expect(await beforeTakeover(page)).toBe(true);
  scripts.release();
  await takenOver(page);
  // The picture's arrival is the form's first render after the takeover.
  await expect(page.getByRole('img', { name: enPassport.captcha.image })).toBeVisible({ timeout: 30_000 });
  await expect(account).toHaveValue('early@example.com');
  await expect(password).toHaveValue('Secret123');
  await expect(keep).toBeChecked();
  // And the form's state holds it: typing on keeps the rest.
  await account.press('End');
  await account.pressSequentially('x');
  await expect(account).toHaveValue('early@example.comx');
  await expect(password).toHaveValue('Secret123');
});

test('what is typed on the sign-up and recovery forms right after they appear stays', async ({
  page,
}, testInfo) => {
  const h5 = onPhone(testInfo);
  await page.goto(passportPage('signup', h5), { waitUntil: 'commit' });
  const email = page.getByLabel(enPassport.signup.email, { exact: true });
  const password = page.getByLabel(enPassport.signup.password, { exact: true });
  await email.fill('new@example.com');
  await password.fill('Secret123');
  await takenOver(page);
  await page.waitForLoadState('networkidle');
  await expect(email).toHaveValue('new@example.com');
  await expect(password).toHaveValue('Secret123');

  await page.goto(passportPage('findpwd', h5), { waitUntil: 'commit' });
  const recovery = page.getByLabel(enPassport.findpwd.email, { exact: true }).first();
  await recovery.fill('lost@example.com');
  await takenOver(page);
  await page.waitForLoadState('networkidle');
  await expect(recovery).toHaveValue('lost@example.com');
});

test('what is typed on the question form right after it appears stays', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  await newMember(page.request, `early-${testInfo.project.name}`);
  await page.goto(`${PORTAL}/service${h5 ? '/h5' : ''}/question`, { waitUntil: 'commit' });
  const title = page.getByRole('textbox', { name: 'Title' });
  const description = page.getByRole('textbox', { name: 'Description' });
  await title.fill('Gems missing');
  await description.fill('They have not arrived.');
  await takenOver(page);
  await page.waitForLoadState('networkidle');
  await expect(title).toHaveValue('Gems missing');
  await expect(description).toHaveValue('They have not arrived.');
});

test('the top-up rules ticked right after the form appears stay ticked', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  await newMember(page.request, `early-${testInfo.project.name}`);
  const [game] = await payGames(page.request, 'en');
  expect(game, 'the demo has a game to top up').toBeDefined();
  await page.goto(`${PAY}/${h5 ? 'pay_h5' : 'paygame/'}?game=${game!.game_base_id}`, { waitUntil: 'commit' });
  const rules = page.getByRole('checkbox', { name: 'I have read and accept the top-up rules' });
  await rules.check();
  await takenOver(page);
  await expect(page.getByRole('img', { name: 'Verification code image' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(rules).toBeChecked();
});

test('a language chosen before the takeover is the one the page ends in', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  const scripts = await holdScripts(page);
  await page.goto(switcherPage(h5), { waitUntil: 'commit' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
  expect(await beforeTakeover(page)).toBe(true);
  scripts.release();
  await inThai(page);
  await takenOver(page);
  await inThai(page);
  expect(new URL(page.url()).search).toBe(new URL(switcherPage(h5)).search);
});

test('the language switcher works with no scripts at all', async ({ browser }, testInfo) => {
  const h5 = onPhone(testInfo);
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(switcherPage(h5));
    await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await press(page.getByRole('button', { name: 'Go' }), h5);
    await inThai(page);
    // The page's own query travels with the choice.
    const query = new URL(page.url()).searchParams;
    for (const [name, value] of new URL(switcherPage(h5)).searchParams) expect(query.get(name)).toBe(value);
  } finally {
    await context.close();
  }
});

test('a link tapped before the takeover navigates', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  const scripts = await holdScripts(page);
  await page.goto(loginUrl(h5), { waitUntil: 'commit' });
  await expect(page.getByRole('link', { name: enPassport.login.signup })).toBeVisible();
  expect(await beforeTakeover(page)).toBe(true);
  await press(page.getByRole('link', { name: enPassport.login.signup }), h5);
  scripts.release();
  await expect(page).toHaveURL(new RegExp(`^${passportPage('signup', h5)}`), { timeout: 30_000 });
  await expect(page.getByLabel(enPassport.signup.email, { exact: true })).toBeVisible({ timeout: 30_000 });
});
