/**
 * Top-ups paid with a wallet through the Xendit adapter, on desktop `/paygame/` and H5 `/pay_h5`: the e2e server runs the
 * local Xendit test server (XENDIT_TEST_SERVER, playwright.config.ts), and the demo's wallet channels Xendit
 * carries pay through it while every other channel stays with the sandbox. A fresh member picks GCash (PHP), MoMo
 * (VND) or DANA (IDR) in Starfall Legends, confirms, pays on the wallet's page in the window the confirm click opens
 * (the real SDK created the Payment Request; the wallet's callback comes back into the API with the account's
 * callback token), is sent back to the order page, and the order is credited through the HTTP game-server protocol:
 * the order page turns to the success by itself (the live order status), and the game server's delivery list has
 * the order once. The wallet's page shows the amount in Xendit's units (main units: PHP with its decimals when they
 * are not zero, IDR and VND whole). axe on the wallet's page and the success.
 *
 * QRIS (IDR) on both, desktop `/paygame/` and H5 `/pay_h5`: a QR code has no page of its own, so confirming leaves
 * no window (the channel list says it is paid on our page); the order page shows the
 * code (an SVG named with the amount), the amount and the time left to pay. The scan is Xendit's test-mode payment
 * simulation (POST /payment_requests/:id/payments/simulate with the local secret key), and the order page turns to
 * the success by itself. axe on the code and the success.
 */
import { errors, expect, test, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { PAY } from '../support/hosts.ts';
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

// Starfall Legends (sfl_sea) sells in PHP, VND and IDR (apps/api/src/composition/seed/pay.seed.ts).
const game = 'Starfall Legends';

interface Wallet {
  /** The payment method's name in the wizard (the channel's English name). */
  method: string;
  /** Xendit's channel code: the wallet page's heading. */
  code: string;
  currency: string;
  item: string;
  /** What the game server credits for it: the pack and its bonus. */
  credit: number;
  /** The price as the wizard shows it (formatMoney in en). */
  price: string;
  /** The same amount in Xendit's units, as the wallet's page shows it. */
  xenditAmount: string;
}

const wallets: Wallet[] = [
  {
    method: 'GCash',
    code: 'GCASH',
    currency: 'PHP',
    item: '300 Stardust',
    credit: 330,
    price: '₱279.00',
    xenditAmount: 'PHP 279',
  },
  {
    method: 'MoMo e-wallet',
    code: 'MOMO',
    currency: 'VND',
    item: '980 Stardust',
    credit: 1090,
    price: '₫349,000',
    xenditAmount: 'VND 349000',
  },
  {
    method: 'DANA',
    code: 'DANA',
    currency: 'IDR',
    item: '60 Stardust',
    credit: 60,
    // Rp and the amount are apart by a no-break space, which an accessible name reads as a space.
    price: 'Rp 16,000',
    xenditAmount: 'IDR 16000',
  },
];

/** The local Xendit test server (XENDIT_TEST_SERVER, playwright.config.ts). */
const xenditTestServer = 'http://127.0.0.1:8097';
/** Its Basic auth: the local secret key (apps/api/src/modules/pay/pay-runtime.ts `localXenditKeys`), no password. */
const xenditAuth = `Basic ${Buffer.from('xnd_development_local_test_server:').toString('base64')}`;

/** `text` as a pattern matching itself, any white space as any white space. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s');

async function chooseWalletAndPayNow(
  page: Page,
  wallet: Pick<Wallet, 'method' | 'currency' | 'item' | 'price'>,
  recipient: Recipient,
  place: TopupPlace = payH5,
) {
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
  await chooseCard(radio(wallet.currency));
  await chooseCard(radio(wallet.method));
  await chooseCard(radio(new RegExp(`^${literal(wallet.item)} ?, ${literal(wallet.price)}$`)));
  await form.getByRole('textbox', { name: 'Verification code' }).fill(captchaAnswer);
  await form.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }).check();
  await form.getByRole('button', { name: 'Pay now' }).click();
}

/** "Confirm and pay" opens the wallet's page (the local Xendit test server's) in a new window (axe). */
async function openWalletPage(page: Page, wallet: Wallet, recipient: Recipient): Promise<Page> {
  await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: wallet.method }).first()).toBeVisible();
  await expect(
    page.getByRole('definition').filter({ hasText: new RegExp(`^${literal(wallet.price)}$`) }),
  ).toBeVisible();
  const [walletPage] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Confirm and pay' }).click(),
  ]);
  await walletPage.waitForURL(/^http:\/\/127\.0\.0\.1:8097\/wallet\/pr-[0-9a-f-]{36}$/);
  await afterNavigation(walletPage);
  await expect(walletPage.getByRole('heading', { level: 1 })).toHaveText(wallet.code);
  // Xendit's units: the currency's main units, as the adapter sent them.
  await expect(walletPage.locator('#amount')).toHaveText(wallet.xenditAmount);
  // The order's description: the item and who gets it.
  await expect(walletPage.getByRole('main')).toContainText(
    `${wallet.item} - ${recipient.character} (${recipient.server})`,
  );
  return walletPage;
}

test.describe('top-up with a wallet through Xendit', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const wallet of wallets) {
    test(`${wallet.method} (${wallet.currency}): pay on the wallet's page, credited through the game-server protocol`, async ({
      page,
    }, testInfo) => {
      const place = onPhone(testInfo) ? payH5 : desktopTopup;
      const recipient = await memberWithCharacter(
        page,
        game,
        `${testInfo.project.name}-${wallet.code.toLowerCase()}`,
      );
      await chooseWalletAndPayNow(page, wallet, recipient, place);
      const walletPage = await openWalletPage(page, wallet, recipient);

      await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
      const url = new URL(page.url());
      const orderNo = url.searchParams.get('order_no')!;
      const paymentRequest = url.searchParams.get('pay_order_no')!;
      // The Payment Request's id is the payment number.
      expect(walletPage.url()).toBe(`http://127.0.0.1:8097/wallet/${paymentRequest}`);

      await test.step("the wallet's page takes the payment and sends the player back to the order page", async () => {
        await walletPage.getByRole('button', { name: 'Pay', exact: true }).click();
        // The order's return URL: the desktop order page `/paygame/`, which sends a phone on to `/pay_h5`.
        await walletPage.waitForURL(
          (u) =>
            u.origin === PAY &&
            u.searchParams.get('order_no') === orderNo &&
            u.searchParams.get('checkout') === 'success',
        );
        // The page it comes back to follows the order, as the one it opened from does. Soft: the credit below
        // is checked either way.
        await expect
          .soft(
            walletPage.getByRole('heading', {
              level: 2,
              name: /^(Complete your payment|Payment received|Top-up successful)$/,
            }),
            "the page the wallet's return URL leads to follows the order",
          )
          .toBeVisible();
        await closePopup(walletPage);
      });

      await test.step('the order page turns to credited by itself (the live order status; no click)', async () => {
        await expect(page.getByRole('heading', { level: 2, name: 'Top-up successful' })).toBeVisible({
          timeout: 30_000,
        });
        await expect(
          page.getByRole('status').filter({ has: page.getByRole('heading', { level: 2 }) }),
        ).toContainText(`${wallet.item} has been added to ${recipient.character} on ${recipient.server}.`);
        await checkA11y(page);
      });

      // The game server got the credit once, under the order number, through the protocol.
      const deliveries = await creditReceived(page.request, recipient.gameBaseId, recipient);
      expect(deliveries.filter((d) => d.order_no === orderNo)).toEqual([
        expect.objectContaining({ order_no: orderNo, credit_amount: wallet.credit }),
      ]);
    });
  }

  test('QRIS (IDR): the QR code on our page with its amount and the time left; paid by scanning, the page turns to success by itself', async ({
    page,
  }, testInfo) => {
    const place = onPhone(testInfo) ? payH5 : desktopTopup;
    const qris = { method: 'QRIS', currency: 'IDR', item: '60 Stardust', price: 'Rp 16,000' };
    const recipient = await memberWithCharacter(page, game, `${testInfo.project.name}-qris`);
    await chooseWalletAndPayNow(page, qris, recipient, place);

    await test.step('confirming leaves no window open: the code is on our page', async () => {
      await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: /^QRIS$/ })).toBeVisible();
      await expect(
        page.getByRole('definition').filter({ hasText: new RegExp(`^${literal(qris.price)}$`) }),
      ).toBeVisible();
      const popup = page.waitForEvent('popup', { timeout: 2_000 }).then(
        (opened) => opened,
        (error: unknown) => {
          if (error instanceof errors.TimeoutError) return undefined;
          throw error;
        },
      );
      // The channel list says QRIS is paid from our page, so the click opens no window (confirm-order.tsx).
      await expect(page.getByText('The next page shows how to pay', { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Confirm and pay' }).click();
      expect(await popup, 'no window opens').toBeUndefined();
      expect(page.context().pages(), 'the order page is the only window').toHaveLength(1);
    });

    await expect(page.getByRole('heading', { level: 2, name: 'Complete your payment' })).toBeVisible();
    const url = new URL(page.url());
    const orderNo = url.searchParams.get('order_no')!;
    const paymentRequest = url.searchParams.get('pay_order_no')!;
    // The QR code's Payment Request is the payment number.
    expect(paymentRequest).toMatch(/^pr-[0-9a-f-]{36}$/);

    await test.step('the order page shows the code with its amount and the time left to pay (axe)', async () => {
      const instructions = page.getByRole('region', { name: 'Scan to pay' });
      // The code is drawn once its encoder's chunk has loaded: an SVG named with the amount.
      const code = instructions.getByRole('img', { name: `QR code to pay ${qris.price}`, exact: true });
      await expect(code).toBeVisible();
      expect(await code.evaluate((e) => e.tagName.toLowerCase())).toBe('svg');
      // The amount as the page writes it: rupiah whole, no decimals.
      await expect(instructions.getByText(new RegExp(`^${literal(qris.price)}$`))).toBeVisible();
      // The time left, a clock that runs.
      const timer = instructions.getByRole('timer');
      await expect(timer).toHaveText(/^Time left to pay: (\d+:)?\d{1,2}:\d{2}$/);
      const shown = await timer.textContent();
      await expect(timer).not.toHaveText(shown!, { timeout: 3_000 });
      await checkA11y(page);
    });

    await test.step('the payer scans the code (Xendit test mode simulates the payment)', async () => {
      const response = await page.request.post(
        `${xenditTestServer}/payment_requests/${paymentRequest}/payments/simulate`,
        { headers: { Authorization: xenditAuth } },
      );
      expect(response.status(), await response.text()).toBe(200);
    });

    await test.step('the order page turns to credited by itself (the live order status; no click)', async () => {
      await expect(page.getByRole('heading', { level: 2, name: 'Top-up successful' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        page.getByRole('status').filter({ has: page.getByRole('heading', { level: 2 }) }),
      ).toContainText(`${qris.item} has been added to ${recipient.character} on ${recipient.server}.`);
      // The code went with the payment: nothing left to scan.
      await expect(page.getByRole('region', { name: 'Scan to pay' })).toHaveCount(0);
      await checkA11y(page);
    });

    // The game server got the credit once, under the order number, through the protocol.
    const deliveries = await creditReceived(page.request, recipient.gameBaseId, recipient);
    expect(deliveries.filter((d) => d.order_no === orderNo)).toEqual([
      expect.objectContaining({ order_no: orderNo, credit_amount: 60 }),
    ]);
  });
});
