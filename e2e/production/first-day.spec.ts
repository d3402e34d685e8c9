/**
 * The publisher's first day (issue: "Day one for a publisher"), in the production shape of stack-setup.ts, over
 * https through nginx: from an empty database to a credited top-up and its refund, using the console and the studio's
 * game-server URL and keys alone. Its steps run in order and share what they made.
 */
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { changeOneTimePassword, secondStepHeading, totpNow } from '../support/staff.ts';
import { productionStack } from './production-stack.ts';
import { captchaReader, gameServerDelivery, readMail } from './production-support.ts';

test.describe.configure({ mode: 'serial' });

/** The game the publisher adds, and what it sells. */
const game = { gameId: 'starfall_th', slug: 'starfall', name: 'Starfall Legends', thaiName: 'ตำนานดาวตก' };
const products = [
  { id: 'sf_gems_60', name: '60 Star Gems', credit: 60, price: '35.00', shown: '฿35.00' },
  { id: 'sf_gems_300', name: '300 Star Gems', credit: 300, price: '179.00', shown: '฿179.00' },
];
/** The site's distribution region (packages/config site.distributionRegion). */
const region = 5;
const channel = { key: 'promptpay', name: 'PromptPay', thaiName: 'พร้อมเพย์' };
let gameBaseId = 0;
let orderNo = '';
const player = { email: '', server: '', character: '' };
const playerPassword = 'Player2026';

/** Chooses a choice card by its label (it covers the whole card), found by the radio's accessible name. */
async function choose(radio: Locator) {
  const id = await radio.getAttribute('id');
  await radio.page().locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

/** An antd select: opened by its label, the option picked by its title. */
async function pick(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(1);
  // The options may come from a call the select makes as it opens: an option clicked while the list is replaced by
  // the answer is lost, so the list is waited for first.
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  const item = page.locator(`.ant-select-dropdown:visible [title="${option}"]`);
  // A long list renders what is in view only: a searchable one finds the rest by typing its first word.
  if (!(await item.isVisible())) await page.keyboard.type(option.split(' ')[0]!);
  await item.click();
  // A multiple select stays open: close it.
  if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
}

async function phone(browser: Browser, storageState?: string) {
  return browser.newContext({
    ...(storageState ? { storageState } : {}),
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
  });
}

/** A staff account as the journey knows it: its password and, once enrolled, its authenticator app. */
interface StaffAccount {
  id: string;
  password: string;
  totp?: { secret: string; step: number };
}
const admin: StaffAccount = { id: 'admin', password: '' };
const agent: StaffAccount = { id: 'agent.mali', password: '' };

/** The console's login with the password, then the authenticator app's code (a fresh time step each time). */
async function consoleLogin(page: Page, account: StaffAccount) {
  const { csAdmin } = productionStack().origins;
  const captcha = captchaReader(page);
  await page.goto(`${csAdmin}/login`);
  await page.getByLabel('Account ID').fill(account.id);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Verification code').fill(await captcha.read());
  await page.getByRole('button', { name: 'Log in' }).click();
  const totp = account.totp;
  if (!totp) return;
  await expect(secondStepHeading(page)).toBeVisible();
  let now = totpNow(totp.secret);
  // A code works once: wait for the next one after the last used.
  while (now.step <= totp.step) {
    await page.waitForTimeout(1_000);
    now = totpNow(totp.secret);
  }
  totp.step = now.step;
  await page.getByLabel(/code/i).first().fill(now.code);
  await page
    .getByRole('button', { name: /verify|confirm|log in/i })
    .first()
    .click();
}

/** The first login of an account with its one-time password: a password of its own, then an authenticator app. */
async function firstLogin(page: Page, account: StaffAccount, oneTime: string, password: string) {
  await consoleLogin(page, { id: account.id, password: oneTime });
  const enrolled = await changeOneTimePassword(page, oneTime, password);
  account.password = password;
  account.totp = { secret: enrolled.totpSecret, step: enrolled.totpStep };
  await expect(page.getByRole('navigation', { name: 'Console menu' })).toBeVisible();
}

test('the operator logs in with the printed one-time password, changes it and sets up an authenticator app', async ({
  page,
}) => {
  await firstLogin(page, admin, productionStack().adminPassword, 'Production admin pass 2026');
  await expect(
    page.getByRole('navigation', { name: 'Console menu' }).getByText('Staff accounts'),
  ).toBeVisible();
});

test('the publisher adds a game, connects its game server and puts two products and PromptPay on sale', async ({
  page,
}) => {
  const { csAdmin } = productionStack().origins;
  const studio = productionStack().gameServer;
  await consoleLogin(page, admin);
  await expect(page.getByRole('navigation', { name: 'Console menu' })).toBeVisible();

  await test.step('the game, shown on the site', async () => {
    await page.goto(`${csAdmin}/games`);
    await page.getByRole('button', { name: 'Add game' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Game ID', { exact: true }).fill(game.gameId);
    await dialog.getByLabel('Slug', { exact: true }).fill(game.slug);
    await dialog.getByLabel('Game website', { exact: true }).fill('https://starfall.example.com');
    await dialog.getByLabel('Name (English, required)').fill(game.name);
    await dialog.getByLabel('Name (ไทย)').fill(game.thaiName);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByText(`${game.name} added. It stays hidden until you show it on the site.`),
    ).toBeVisible();
    await page.getByRole('switch', { name: `Show ${game.name} on the site` }).click();
    await expect(page.getByText(`${game.name} is now shown on the site.`)).toBeVisible();
  });

  await test.step('top-up turned on for it in THB, the region open', async () => {
    await page.goto(`${csAdmin}/pay/catalog`);
    await page.getByRole('button', { name: 'Turn on top-up for a game' }).click();
    const dialog = page.getByRole('dialog');
    await pick(page, dialog, 'Game', `${game.name} (${game.gameId})`);
    await dialog.getByRole('switch', { name: 'Open to players' }).click();
    await dialog.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page).toHaveURL(/[?&]game=\d+/);
    gameBaseId = Number(new URL(page.url()).searchParams.get('game'));
    await page.getByRole('tab', { name: 'Currencies' }).click();
    await pick(page, page, 'Currency to add', 'THB');
    await page.getByRole('button', { name: 'Add currency' }).click();
    await expect(page.getByText('THB added.')).toBeVisible();
    // The region's first game gave it a switch, off: a new site takes no payment until staff open it.
    const regionSwitch = page.getByRole('switch', { name: `Top-up in region ${region}` });
    await expect(regionSwitch).not.toBeChecked();
    await regionSwitch.click();
    await expect(page.getByText(`Top-up in region ${region} is on.`)).toBeVisible();
  });

  await test.step("its game server: a wrong secret fails the signature check, the studio's keys pass", async () => {
    await page.goto(`${csAdmin}/pay/game-servers?game=${gameBaseId}`);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Base URL').fill(studio.url);
    await field('Key ID').fill(studio.keyId);
    await field('Secret').fill(`${studio.secret.slice(0, -1)}x`);
    await field('Test member ID').fill('1');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const results = page.getByRole('region', { name: 'Check results' });
    const signature = results.getByRole('listitem').filter({ hasText: /^\w+Our signature accepted/ });
    await expect(signature).toContainText('Failed');
    await expect(signature).toContainText("The key ID or secret does not match the studio's.");

    await field('Secret').fill(studio.secret);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(
      page.getByText('Connection saved. Every API process uses it from the next call.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText('All checks passed.')).toBeVisible();
    await page.getByRole('button', { name: 'Sync servers' }).click();
    await expect(
      page.getByText(`Servers synced: ${studio.serverIds.length} new, 0 taken offline.`),
    ).toBeVisible();
  });

  await test.step('two products with THB prices', async () => {
    await page.goto(`${csAdmin}/pay/catalog?game=${gameBaseId}`);
    await page.getByRole('tab', { name: 'Products and prices' }).click();
    for (const product of products) {
      await page.getByRole('button', { name: 'Add product' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Product ID', { exact: true }).fill(product.id);
      await dialog
        .getByLabel('Credit the game server receives', { exact: true })
        .fill(String(product.credit));
      await dialog.getByLabel('Name (English, required)').fill(product.name);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(
        page.getByText(`${product.name} added. Players are offered it once it has a price.`),
      ).toBeVisible();
      await page.getByLabel(`Add a price to ${product.name}`).click();
      const price = page.getByRole('dialog');
      const saved = page.getByText(`The price of ${product.name} is saved for new orders.`);
      // An antd option clicked while its list still slides in can miss: the form then says "Choose a payment
      // mode." and nothing is sent, so choosing again is safe.
      await expect(async () => {
        if (await saved.isVisible()) return;
        await pick(page, price, 'Payment mode', 'UPay');
        await price.getByLabel('Price (THB)').fill(product.price);
        await price.getByRole('button', { name: 'Add price' }).click();
        await expect(saved).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 45_000 });
    }
  });

  await test.step('a PromptPay channel through Stripe, open to players', async () => {
    await page.getByRole('tab', { name: 'Payment channels' }).click();
    await page.getByRole('button', { name: 'Add channel' }).click();
    const form = page.getByRole('dialog');
    await pick(page, form, 'Currency', 'THB');
    await pick(page, form, 'Payment mode', 'UPay (108)');
    await form.getByLabel('Method key', { exact: true }).fill(channel.key);
    await pick(page, form, 'Payment provider', "This site's own (stripe)");
    await form.getByLabel('Name (English, required)').fill(channel.name);
    await form.getByLabel('Name (ไทย)').fill(channel.thaiName);
    // It can be opened once Stripe and a method that takes THB are chosen.
    const open = form.getByRole('switch', { name: 'Open to players' });
    const methods = form.locator('.ant-form-item').filter({ hasText: 'stripe payment methods' });
    await expect(async () => {
      if (!(await methods.getByText('promptpay (THB)').isVisible()))
        await pick(page, form, 'stripe payment methods', 'promptpay (THB)');
      await expect(open).toBeEnabled({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await open.click();
    await expect(open).toBeChecked();
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expect(page.getByText(`${channel.name} (THB) is created.`)).toBeVisible();
  });
});

test('a player signs up on a phone, tops up through Stripe and the game server holds the credit', async ({
  browser,
}) => {
  const { passport, pay } = productionStack().origins;
  const context = await phone(browser);
  const page = await context.newPage();
  player.email = `first-player-${Date.now()}@example.com`;

  await test.step('sign up with the code the e-mail brings', async () => {
    const captcha = captchaReader(page);
    await page.goto(`${passport}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(player.email);
    await page.getByLabel('Characters in the picture').fill(await captcha.read());
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'we have sent a 6-digit code' })).toBeVisible();
    const code = await readMail(player.email, /\b\d{6}\b/);
    await page.getByLabel('E-mail code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(playerPassword);
    await page.getByLabel('Confirm password').fill(playerPassword);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/Your account is ready\./)).toBeVisible();
  });

  await test.step('log in', async () => {
    const captcha = captchaReader(page);
    await page.getByRole('link', { name: 'Log in now' }).click();
    await page.getByLabel('Password', { exact: true }).fill(playerPassword);
    const picture = page.getByLabel('Characters in the picture');
    if (await picture.isVisible()) await picture.fill(await captcha.read());
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).not.toHaveURL(/login/);
  });

  await test.step('choose the game, a character, PromptPay and 300 Star Gems, and pay', async () => {
    const captcha = captchaReader(page);
    const landing = await page.goto(`${pay}/pay_h5`);
    // Rendered behind nginx by an API process: the first screen, with the publisher's game, is in the HTML.
    const html = (await landing?.text()) ?? '';
    expect(html).toMatch(/<div id="root"><[a-z]/);
    expect(html).toContain(game.name);
    await page
      .getByRole('region', { name: 'Choose a game to top up' })
      .getByRole('link', { name: game.name })
      .click();
    const form = page.getByRole('form', { name: `Top-up details for ${game.name}` });
    const radio = (name: string | RegExp) => form.getByRole('radio', { name, exact: true });
    // The studio's server gives each member characters on some of its servers: the first server that has one.
    for (const server of productionStack().gameServer.serverIds) {
      await choose(radio(server));
      const characters = form.getByRole('group', { name: 'Character' }).getByRole('listitem');
      const found = await expect
        .poll(() => characters.count(), { timeout: 5_000 })
        .toBeGreaterThan(0)
        .then(() => true)
        .catch(() => false);
      if (!found) continue;
      player.server = server;
      player.character = (await characters.first().innerText()).split('\n')[0]!.trim();
      await choose(radio(player.character));
      break;
    }
    expect(player.server, 'the player has a character on one of the servers').not.toBe('');
    await choose(radio('THB'));
    await choose(radio(channel.name));
    const product = products[1]!;
    await choose(radio(new RegExp(`^${product.name} ?, ${product.shown.replace('.', '\\.')}$`)));
    await form.getByRole('textbox', { name: 'Verification code' }).fill(await captcha.read());
    await form.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }).check();
    await form.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
  });

  await test.step("Stripe's page takes the payment; the order turns to credited", async () => {
    const [checkout] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Confirm and pay' }).click(),
    ]);
    await checkout.waitForURL((u) => u.href.startsWith(`${productionStack().stripe}/checkout/cs_test_`));
    await expect(
      checkout.getByRole('definition').filter({ hasText: '17900 THB (Stripe units)' }),
    ).toBeVisible();
    await expect(checkout.getByRole('definition').filter({ hasText: 'promptpay' })).toBeVisible();
    // The pay page follows the order at its address once the payment is made, which can land a moment after
    // the provider's page has opened.
    await expect(page).toHaveURL(/[?&]order_no=/);
    orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await checkout.waitForURL((u) => u.searchParams.get('checkout') === 'success');
    await checkout.close();
    await expect(page.getByRole('heading', { level: 2, name: 'Top-up successful' })).toBeVisible({
      timeout: 60_000,
    });
  });

  await test.step("the studio's game server holds the credit, once", async () => {
    const delivery = await gameServerDelivery(gameBaseId, orderNo);
    expect(delivery).toMatchObject({
      order_no: orderNo,
      status: 'delivered',
      server_id: player.server,
      product_id: products[1]!.id,
      credit_amount: products[1]!.credit,
    });
  });
  await context.storageState({ path: playerState() });
  await context.close();
});

/** Where the player's phone keeps its session between the journey's steps. */
const playerState = () => join(process.env.GP_PRODUCTION_RUN!, 'player-state.json');

test('an agent refunds the order from the console; the game server reverses the credit; the player sees the refund', async ({
  page,
  browser,
}) => {
  const { csAdmin, pay } = productionStack().origins;

  await test.step('the administrator adds an agent with the catalog privilege', async () => {
    await consoleLogin(page, admin);
    await expect(page.getByRole('navigation', { name: 'Console menu' })).toBeVisible();
    await page.goto(`${csAdmin}/accounts`);
    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Account ID', { exact: true }).fill(agent.id);
    await dialog.getByLabel('Name', { exact: true }).fill('Mali Agent');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const oneTime = dialog.getByLabel('One-time password', { exact: true });
    await expect(oneTime).toHaveValue(/.{16}/);
    agent.password = await oneTime.inputValue();
    await dialog.getByRole('checkbox', { name: /Top-up catalog/ }).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`Account ${agent.id} has been created.`)).toBeVisible();
  });

  const desk = await browser.newContext({
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
  });
  const staff = await desk.newPage();
  await test.step('the agent logs in for the first time and refunds the order', async () => {
    await firstLogin(staff, agent, agent.password, 'Agent Mali pass 2026');
    await staff.goto(`${csAdmin}/pay/orders?order_no=${orderNo}`);
    await staff.getByRole('button', { name: `Open order ${orderNo}` }).click();
    const panel = staff.getByRole('dialog').filter({ hasText: orderNo }).first();
    await panel.getByRole('button', { name: 'Refund order' }).click();
    const dialog = staff.getByRole('dialog', { name: `Refund order ${orderNo}?` });
    await dialog.getByRole('radio', { name: "At the player's request" }).check();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(staff.getByText(`Order ${orderNo} refunded.`)).toBeVisible();
  });

  await test.step("the studio's game server took the credit back", async () => {
    await expect
      .poll(async () => (await gameServerDelivery(gameBaseId, orderNo))?.status, { timeout: 60_000 })
      .toBe('reversed');
    await staff.getByRole('button', { name: 'Refresh' }).click();
    await expect(staff.getByText('Taken back by the game server')).toBeVisible();
  });
  await desk.close();

  await test.step("the player's history shows the refund", async () => {
    const context = await phone(browser, playerState());
    const player = await context.newPage();
    await player.goto(`${pay}/pay_h5/pg_record`);
    const entry = player.getByRole('listitem').filter({ hasText: orderNo });
    await expect(entry).toContainText('Refunded');
    await context.close();
  });
});
