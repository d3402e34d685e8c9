/**
 * A top-up paid through the Stripe adapter, desktop `/paygame/` and H5 `/pay_h5` on the phone: the
 * e2e server runs the local Stripe test server (STRIPE_TEST_SERVER, playwright.config.ts), and the demo gives
 * Lotus Blade's THB card channel to Stripe while every other channel stays with the sandbox. A fresh member picks
 * "Credit / debit card", confirms, pays on Stripe's hosted page in the window the confirm click opens (the real
 * SDK created the Checkout Session; the signed webhook comes back into the API), is sent back to the order page,
 * and the order is credited through the HTTP game-server protocol (the simulator's protocol server, what `pnpm
 * start` uses): the order page turns to the success by itself (the live order status), and the game server's
 * delivery list. axe on the hosted page and the success.
 */
import { expect, test, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { captchaAnswer } from '../support/member.ts';
import { onPhone } from '../support/shell.ts';
import { closePopup } from '../support/windows.ts';
import {
  chooseCard,
  creditReceived,
  memberWithCharacter,
  desktopTopup,
  payH5,
  type Recipient,
  type TopupPlace,
} from '../support/topup.ts';

const game = 'Lotus Blade';
const item = '300 Jade';
const price = '฿179.00';

async function chooseCardAndPayNow(page: Page, place: TopupPlace, recipient: Recipient) {
  await visit(page, place.home, { landsOn: place.home });
  if (place.h5) {
    await page
      .getByRole('region', { name: 'Choose a game to top up' })
      .getByRole('link', { name: game })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose payment');
  } else {
    await chooseCard(page.getByRole('radio', { name: game }));
  }
  const form = page.getByRole('form', { name: `Top-up details for ${game}` });
  const radio = (name: string | RegExp) => form.getByRole('radio', { name, exact: true });
  await chooseCard(radio(recipient.server));
  await chooseCard(radio(recipient.character));
  await chooseCard(radio('THB'));
  await chooseCard(radio('Credit / debit card'));
  await chooseCard(radio(new RegExp(`^${item} ?, ${price.replace('.', '\\.')}$`)));
  await form.getByRole('textbox', { name: 'Verification code' }).fill(captchaAnswer);
  await form.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }).check();
  await form.getByRole('button', { name: 'Pay now' }).click();
}

/** "Confirm and pay" opens Stripe's hosted page (the local test server's) in a new window (axe). */
async function openStripeCheckout(page: Page): Promise<Page> {
  await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Credit / debit card' }).first()).toBeVisible();
  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Confirm and pay' }).click(),
  ]);
  await checkout.waitForURL(/^http:\/\/127\.0\.0\.1:8096\/checkout\/cs_test_\w+$/);
  await afterNavigation(checkout);
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText('Stripe test checkout');
  // Stripe's units: THB in satang, as the adapter sent it.
  await expect(
    checkout.getByRole('definition').filter({ hasText: '17900 THB (Stripe units)' }),
  ).toBeVisible();
  await expect(checkout.getByRole('definition').filter({ hasText: 'card' })).toBeVisible();
  await checkA11y(checkout);
  return checkout;
}

test.describe('top-up through Stripe', () => {
  test.describe.configure({ timeout: 90_000 });

  test('pay on the Stripe page, come back to the order, credited through the game-server protocol', async ({
    page,
  }, testInfo) => {
    const place = onPhone(testInfo) ? payH5 : desktopTopup;
    const recipient = await memberWithCharacter(page, game, `${testInfo.project.name}-stripe`);
    await chooseCardAndPayNow(page, place, recipient);
    const checkout = await openStripeCheckout(page);

    await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
    const url = new URL(page.url());
    const orderNo = url.searchParams.get('order_no')!;
    const session = url.searchParams.get('pay_order_no')!;
    expect(session).toMatch(/^cs_test_/);
    await expect(checkout.getByText(orderNo, { exact: true })).toBeVisible();

    await test.step("Stripe's page takes the payment and sends the player back to the order page", async () => {
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await checkout.waitForURL(
        (u) =>
          u.searchParams.get('order_no') === orderNo &&
          u.searchParams.get('pay_order_no') === session &&
          u.searchParams.get('checkout') === 'success',
      );
      await closePopup(checkout);
    });

    await test.step('the order page turns to credited by itself (the live order status; no click)', async () => {
      await expect(page.getByRole('heading', { level: 2, name: 'Top-up successful' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        page.getByRole('status').filter({ has: page.getByRole('heading', { level: 2 }) }),
      ).toContainText(`${item} has been added to ${recipient.character} on ${recipient.server}.`);
      await checkA11y(page);
    });

    // The game server got the credit once, under the order number, through the protocol.
    const deliveries = await creditReceived(page.request, recipient.gameBaseId, recipient);
    expect(deliveries.filter((d) => d.order_no === orderNo)).toHaveLength(1);
  });
});
