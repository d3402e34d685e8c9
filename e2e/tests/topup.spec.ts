/**
 * Top-up journeys, desktop `/paygame/` + `/paygame_history/` and the H5 pages of both pay variants on
 * the phone: a fresh member (support/member.ts) chooses game, server, character, currency, payment method and
 * item, passes the captcha (the e2e server's fixed answer) and the rules, confirms, pays in the sandbox checkout
 * window the confirm click opens, and follows the order to its end and into the history: the order page follows
 * the order's live status, so a payment and its credit reach it without a click. Declining shows the
 * failed state; "Pay, notify late" leaves the payment to "Query payment result" (10 seconds between queries, the
 * page's own countdown). axe runs on the wizard, the confirm step, the payment page, the sandbox page and the
 * history.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { fetchGames } from '../support/api.ts';
import { captchaAnswer, newMember } from '../support/member.ts';
import { onPhone } from '../support/shell.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import { adminPassword, staffLogin } from '../support/staff.ts';
import { closePopup } from '../support/windows.ts';
import {
  creditReceived,
  desktopTopup,
  gameServerSwitch,
  payH5,
  paysH5,
  rechargeableCharacter,
  type Recipient,
  type TopupPlace,
} from '../support/topup.ts';

const game = 'Lotus Blade';
const item = '300 Jade';
const price = '฿179.00';
const notPaid = "This order hasn't been paid yet. Please complete the payment or pay again.";

interface Order {
  order_no: string;
  pay_order_no: string;
}

/**
 * A logged-in member and the character the journey tops up. The simulated game server derives each member's
 * characters from their id, so a member without one that can be topped up is replaced by another.
 */
async function memberWithCharacter(
  page: Page,
  tag: string,
): Promise<Recipient & { mid: number; gameBaseId: number }> {
  const lotus = (await fetchGames(page.request)).find((g) => g.game_name === game);
  expect(lotus, `${game} is a demo game`).toBeDefined();
  for (let attempt = 1; ; attempt++) {
    const { mid } = await newMember(page.request, tag);
    const recipient = await rechargeableCharacter(page.request, lotus!.game_base_id);
    if (recipient) return { ...recipient, mid, gameBaseId: lotus!.game_base_id };
    expect(attempt, `${attempt} new members had no character to top up in ${game}`).toBeLessThan(5);
  }
}

/**
 * Chooses a choice card as a player does, by its label (the card's label covers the whole card, the radio
 * inside it too), found by the radio's accessible name.
 */
async function choose(radio: Locator) {
  const id = await radio.getAttribute('id');
  await radio.page().locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

/** From the start page of `place` to the member steps of the game. */
async function openWizard(page: Page, place: TopupPlace) {
  await visit(page, place.home, { landsOn: place.home });
  if (place.h5) {
    await page
      .getByRole('region', { name: 'Choose a game to top up' })
      .getByRole('link', { name: game })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${place.home}/setoutpay\\?game=\\d+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose payment');
    await expect(page.getByText(`Topping up ${game}`)).toBeVisible();
  } else {
    await choose(page.getByRole('radio', { name: game }));
  }
}

/** Every choice of the wizard, the captcha and the rules; axe on the filled-in form; then "Pay now". */
async function chooseAndPayNow(page: Page, recipient: Recipient) {
  const form = page.getByRole('form', { name: `Top-up details for ${game}` });
  const radio = (name: string | RegExp) => form.getByRole('radio', { name, exact: true });
  await choose(radio(recipient.server));
  await choose(radio(recipient.character));
  await choose(radio('THB'));
  await choose(radio('PromptPay'));
  // "300 Jade, ฿179.00": the comma is visually hidden, and Chromium puts a space before it (the hidden span is
  // absolutely positioned, so a block), which a screen reader does not pronounce.
  await choose(radio(new RegExp(`^${item} ?, ${price.replace('.', '\\.')}$`)));
  await expect(form.getByRole('img', { name: 'Verification code image' })).toBeVisible();
  await form.getByRole('textbox', { name: 'Verification code' }).fill(captchaAnswer);
  await form.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }).check();
  await checkA11y(page);
  await form.getByRole('button', { name: 'Pay now' }).click();
}

/** The confirm step shows what was chosen (axe), and "Confirm and pay" opens the sandbox checkout window. */
async function confirmAndOpenCheckout(page: Page, place: TopupPlace, recipient: Recipient): Promise<Page> {
  const heading = page.getByRole('heading', { name: 'Confirm your order' });
  await expect(heading).toBeVisible();
  if (place.h5) {
    await expect(page).toHaveURL(`${place.home}/payaffirm`);
    await expect(heading).toHaveJSProperty('tagName', 'H1');
  } else {
    // The desktop step moves focus to its heading.
    await expect(heading).toBeFocused();
  }
  for (const line of [game, recipient.server, recipient.character, item, 'PromptPay', price])
    await expect(page.getByRole('definition').filter({ hasText: line }).first()).toBeVisible();
  await checkA11y(page);

  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Confirm and pay' }).click(),
  ]);
  await checkout.waitForURL(/\/pay\/sandbox\/checkout\/[^/?]+/);
  await afterNavigation(checkout);
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText('Sandbox payment');
  const details = checkout.getByRole('definition');
  await expect(
    details.filter({ hasText: `${item} - ${recipient.character} (${recipient.server})` }),
  ).toBeVisible();
  // The sandbox writes amounts as the apps do.
  await expect(details.filter({ hasText: price })).toBeVisible();
  return checkout;
}

/** The payment page the top-up page moved to: its order (from the URL, also on the checkout page), axe. */
async function paymentPage(page: Page, place: TopupPlace, checkout: Page): Promise<Order> {
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
  await expect(page).toHaveURL(
    place.h5
      ? new RegExp(`^${place.home}/payorder\\?order_no=\\w+&pay_order_no=\\w+$`)
      : new RegExp(`^${place.home}\\?order_no=\\w+&pay_order_no=\\w+$`),
  );
  if (place.h5) await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your order');
  const url = new URL(page.url());
  const order = {
    order_no: url.searchParams.get('order_no')!,
    pay_order_no: url.searchParams.get('pay_order_no')!,
  };
  await expect(checkout.getByText(order.order_no, { exact: true })).toBeVisible();
  await expect(checkout.getByText(order.pay_order_no, { exact: true })).toBeVisible();
  await checkA11y(page);
  return order;
}

/** Presses one of the sandbox's buttons; the page says what happened (axe); the window is closed. */
async function decideInSandbox(checkout: Page, button: string, outcome: string) {
  await checkout.getByRole('button', { name: button, exact: true }).click();
  await expect(checkout.getByRole('status')).toContainText(outcome);
  await expect(checkout.getByText('You can close this window and go back to the top-up page.')).toBeVisible();
  await checkA11y(checkout);
  await closePopup(checkout);
}

const queryButton = (page: Page) => page.getByRole('button', { name: 'Query payment result' });

const countdown = (page: Page) => page.getByText(/^You can query again in \d+ s\.$/);

/** Waits out the 10-second wait between queries, with the page's own countdown. */
async function waitForQuery(page: Page) {
  await expect(queryButton(page)).not.toHaveAttribute('aria-disabled', 'true', { timeout: 15_000 });
  await expect(countdown(page)).toBeHidden();
}

/**
 * The order page turns to the success by itself once the credit arrives: it follows the order's live status, no
 * click needed (the page follows the order's live status). On H5 it moves to the success page.
 */
async function successArrives(page: Page, place: TopupPlace) {
  await expect(page.getByRole('heading', { level: 2, name: 'Top-up successful' })).toBeVisible({
    timeout: 45_000,
  });
  if (place.h5) {
    await expect(page).toHaveURL(new RegExp(`^${place.home}/paysucceed\\?`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top-up successful');
  }
}

/** The success page: what arrived where (axe). */
async function expectSuccess(page: Page, recipient: Recipient) {
  await expect(
    page.getByRole('status').filter({ has: page.getByRole('heading', { level: 2 }) }),
  ).toContainText(`${item} has been added to ${recipient.character} on ${recipient.server}.`);
  await checkA11y(page);
}

/** From an order's page to the history: the order's row (desktop) or card (H5) says `status` (axe). */
async function expectInHistory(
  page: Page,
  place: TopupPlace,
  order: Order,
  recipient: Recipient,
  status: string,
  reason?: string,
) {
  await page.getByRole('link', { name: 'View top-up history' }).click();
  await expect(page).toHaveURL(place.history);
  await afterNavigation(page, {
    ready: async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toHaveText('Top-up history');
      await expect(p.getByText(order.order_no, { exact: true })).toBeVisible();
    },
  });
  const entries = place.h5
    ? page.getByRole('list', { name: 'Your top-ups, newest first' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Your top-ups, newest first' }).getByRole('row');
  const entry = entries.filter({ hasText: order.order_no });
  await expect(entry).toHaveCount(1);
  for (const text of [status, recipient.character, recipient.server, item, price])
    await expect(entry).toContainText(text);
  if (reason) await expect(entry).toContainText(reason);
  // The newest first: this journey's order leads the list.
  await expect(entries.filter({ hasText: /GP\d/ }).first()).toContainText(order.order_no);
}

test.describe('top-up', () => {
  test.describe.configure({ timeout: 90_000 });

  test('pay in the sandbox window, see the success page and the order in the history', async ({
    page,
  }, testInfo) => {
    const place = onPhone(testInfo) ? payH5 : desktopTopup;
    const recipient = await memberWithCharacter(page, `${testInfo.project.name}-pay`);
    await openWizard(page, place);
    await chooseAndPayNow(page, recipient);
    const checkout = await confirmAndOpenCheckout(page, place, recipient);
    const order = await paymentPage(page, place, checkout);
    await decideInSandbox(checkout, 'Pay now', 'Payment successful.');
    await successArrives(page, place);
    await expectSuccess(page, recipient);
    await expectInHistory(page, place, order, recipient, 'Top-up successful');
  });

  test('decline in the sandbox window: the top-up failed, also in the history', async ({
    page,
  }, testInfo) => {
    const place = onPhone(testInfo) ? payH5 : desktopTopup;
    const recipient = await memberWithCharacter(page, `${testInfo.project.name}-decline`);
    await openWizard(page, place);
    await chooseAndPayNow(page, recipient);
    const checkout = await confirmAndOpenCheckout(page, place, recipient);
    const order = await paymentPage(page, place, checkout);
    await decideInSandbox(checkout, 'Decline', 'Payment declined.');
    // No click: the declined payment reaches the page by itself.
    const failed = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: 'Top-up failed' }) });
    await expect(failed).toContainText(notPaid, { timeout: 30_000 });
    // The failed order stays on the page it was followed on, with a way to start again.
    if (place.h5) await expect(page).toHaveURL(new RegExp(`^${place.home}/payorder\\?`));
    await expect(page.getByRole('button', { name: 'Top up again' })).toBeVisible();
    await checkA11y(page);
    await expectInHistory(page, place, order, recipient, 'Top-up failed', notPaid);
  });

  test('paid with a late notification: "Query payment result" finds the payment, then the credit', async ({
    page,
  }, testInfo) => {
    const place = onPhone(testInfo) ? payH5 : desktopTopup;
    const recipient = await memberWithCharacter(page, `${testInfo.project.name}-late`);
    await openWizard(page, place);
    await chooseAndPayNow(page, recipient);
    const checkout = await confirmAndOpenCheckout(page, place, recipient);
    const order = await paymentPage(page, place, checkout);

    await test.step('asked before paying: not paid yet, and 10 seconds until the next query', async () => {
      await page.getByRole('button', { name: 'Payment completed' }).click();
      await expect(page.getByRole('status').filter({ hasText: notPaid })).toBeVisible();
      await expect(countdown(page)).toBeVisible();
      await expect(queryButton(page)).toHaveAttribute('aria-disabled', 'true');
      await checkA11y(page);
    });

    // The game server is down for a while: the paid order waits for its credit, so the page stays on "paid".
    const target = { gameBaseId: recipient.gameBaseId, mid: recipient.mid, recipient };
    await gameServerSwitch(page.request, 'delivery_fails', target, true);
    await decideInSandbox(
      checkout,
      'Pay, notify late',
      'Payment successful. The shop will be notified later.',
    );

    await test.step('the query finds the payment before the notification: paid, the credit on its way', async () => {
      await waitForQuery(page);
      await queryButton(page).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible();
      if (place.h5) {
        await expect(page).toHaveURL(new RegExp(`^${place.home}/paycomplete\\?`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment finished');
      }
      await expect(
        page.getByText("The information may lag. Please don't pay again; query the result again later."),
      ).toBeVisible();
      await expect(page.getByText('Credit can take 10-15 minutes to arrive in the game.')).toBeVisible();
      await checkA11y(page);
    });

    await test.step('once the game server takes it, the page turns to the credit by itself', async () => {
      await gameServerSwitch(page.request, 'delivery_fails', target, false);
      await successArrives(page, place);
      await expectSuccess(page, recipient);
    });

    await expectInHistory(page, place, order, recipient, 'Top-up successful');
  });

  test(
    'the second pay variant on the phone, /pays_h5: pay and see the order in its history',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      // Phones only: /pays_h5 is an H5 page; a desktop is sent to /paygame/.
      const recipient = await memberWithCharacter(page, `${testInfo.project.name}-pays`);
      await openWizard(page, paysH5);
      await chooseAndPayNow(page, recipient);
      const checkout = await confirmAndOpenCheckout(page, paysH5, recipient);
      const order = await paymentPage(page, paysH5, checkout);
      await decideInSandbox(checkout, 'Pay now', 'Payment successful.');
      await successArrives(page, paysH5);
      await expectSuccess(page, recipient);
      await expectInHistory(page, paysH5, order, recipient, 'Top-up successful');
    },
  );

  test(
    'a credit the game server refused is retried by staff from the console and arrives once',
    { tag: '@desktop' },
    async ({ page, browser }) => {
      // Desktop only: staff work in the console on a desktop.
      const recipient = await memberWithCharacter(page, 'stuck');
      const target = { gameBaseId: recipient.gameBaseId, mid: recipient.mid, recipient };
      await openWizard(page, desktopTopup);
      await chooseAndPayNow(page, recipient);
      const checkout = await confirmAndOpenCheckout(page, desktopTopup, recipient);
      const order = await paymentPage(page, desktopTopup, checkout);

      await test.step('the character is locked in the game while the player pays: the credit is refused', async () => {
        await gameServerSwitch(page.request, 'cannot_recharge', target, true);
        await decideInSandbox(checkout, 'Pay now', 'Payment successful.');
        await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible({
          timeout: 30_000,
        });
        expect(await creditReceived(page.request, recipient.gameBaseId, recipient)).toEqual([]);
      });

      const staff = await (await browser.newContext()).newPage();
      await staffLogin(staff.request, 'admin', adminPassword);
      const row = staff.getByRole('row').filter({ hasText: order.order_no });
      await test.step('staff find the order among the stuck deliveries', async () => {
        await expect
          .poll(
            async () => {
              await staff.goto(`${CS_ADMIN}/pay/deliveries`);
              await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
              return row.count();
            },
            { message: 'the refused delivery is listed as stuck', timeout: 30_000 },
          )
          .toBe(1);
        await afterNavigation(staff);
      });

      await test.step('once the character is unlocked, "Retry delivery" credits it exactly once', async () => {
        await gameServerSwitch(page.request, 'cannot_recharge', target, false);
        await row.getByRole('button', { name: `Retry delivery of ${order.order_no}` }).click();
        const confirm = staff.getByRole('dialog', { name: `Retry the delivery of ${order.order_no}?` });
        await checkA11y(staff, { include: '.ant-modal' });
        await confirm.getByRole('button', { name: 'Retry delivery' }).click();
        await expect(staff.getByText('Delivered: the character has been credited.')).toBeVisible({
          timeout: 30_000,
        });
        const credits = await creditReceived(page.request, recipient.gameBaseId, recipient);
        expect(credits.map((c) => c.order_no)).toEqual([order.order_no]);
      });

      await test.step('the player’s open order page turns to the credit by itself', async () => {
        await successArrives(page, desktopTopup);
        await expectSuccess(page, recipient);
      });
    },
  );
});
