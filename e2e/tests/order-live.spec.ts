/**
 * The order's live status, the lookup without login and an ended session, in the browser: the order page follows
 * the live status stream (paid turns into credited without a click, once the game server takes the credit), the
 * lookup without login on a phone and on a desktop, and a session that ends while a customer-service page is open
 * leading to the login with the page as `redirect`. axe runs on the lookup form and its answer.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { PASSPORT, PAY, PORTAL } from '../support/hosts.ts';
import { newMember, type Member } from '../support/member.ts';
import { onPhone } from '../support/shell.ts';
import {
  dearestItems,
  gameServerSwitch,
  payGames,
  payInSandbox,
  placeOrder,
  rechargeableCharacter,
  type PlacedOrder,
  type Recipient,
} from '../support/topup.ts';

/** A fresh member with an order for one of their characters (Lotus Blade, THB), placed through the API. */
async function memberWithOrder(
  request: APIRequestContext,
  tag: string,
): Promise<{ member: Member; order: PlacedOrder; recipient: Recipient; gameBaseId: number }> {
  for (let tries = 0; tries < 3; tries++) {
    const member = await newMember(request, tag);
    const game = (await payGames(request, 'en')).find((g) => g.game_name === 'Lotus Blade')!;
    const recipient = await rechargeableCharacter(request, game.game_base_id);
    // The simulator may put a member's only characters under maintenance: another member then.
    if (!recipient) continue;
    const item = (await dearestItems(request, game, 'en')).find((i) => i.currency === 'THB')!;
    const order = await placeOrder(request, game, recipient, item, 'en');
    return { member, order, recipient, gameBaseId: game.game_base_id };
  }
  throw new Error('no member with a character that can be topped up');
}

test('the order page turns from paid to credited without a click', { tag: '@desktop' }, async ({ page }) => {
  // Desktop only: the same tracker serves the H5 pages; the desktop page shows every phase in place.
  const { member, order, recipient, gameBaseId } = await memberWithOrder(page.request, 'live');
  const target = { gameBaseId, mid: member.mid, recipient };
  await gameServerSwitch(page.request, 'delivery_fails', target, true);
  await payInSandbox(page.request, order);

  await visit(page, `${PAY}/paygame?order_no=${order.order_no}&pay_order_no=${order.pay_order_no}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible({
    timeout: 20_000,
  });
  const progress = page.getByRole('list', { name: 'Order progress' });
  await expect(progress.getByText('Payment received')).toBeVisible();

  // The game server takes the credit again; the worker's retry delivers it while the page stays as it is.
  await gameServerSwitch(page.request, 'delivery_fails', target, false);
  await expect(page.getByRole('heading', { level: 2, name: 'Top-up successful' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(progress.getByText('Credit delivered')).toBeVisible();
  await checkA11y(page);
});

test('an order is looked up without login by its number and the account e-mail', async ({
  page,
  browser,
}, testInfo) => {
  const { member, order } = await memberWithOrder(page.request, 'lookup');
  const visitor = await (await browser.newContext({ ...testInfo.project.use })).newPage();
  const h5 = onPhone(testInfo);
  await visit(visitor, `${PAY}${h5 ? '/paygame_lookup_h5' : '/paygame_lookup'}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Check an order' })).toBeVisible();
  await checkA11y(visitor);

  await visitor.getByLabel('Order number').fill(order.order_no);
  await visitor.getByLabel('E-mail or phone number').fill('someone-else@example.com');
  await visitor.getByRole('button', { name: 'Check order' }).click();
  await expect(visitor.getByRole('alert')).toHaveText(
    "We couldn't find an order with this number for that e-mail or phone number. Please check both and try again.",
  );

  await visitor.getByLabel('E-mail or phone number').fill(member.email.toUpperCase());
  await visitor.getByRole('button', { name: 'Check order' }).click();
  await expect(visitor.getByRole('heading', { level: 2, name: `Order ${order.order_no}` })).toBeVisible();
  await expect(visitor.getByRole('status').filter({ hasText: 'Status:' })).toHaveText(
    'Status: Waiting for payment',
  );
  await expect(visitor.getByRole('list', { name: 'Order progress' }).getByText('Order placed')).toBeVisible();
  await afterNavigation(visitor);
  await checkA11y(visitor);
});

test('a session that ends on a customer-service page leads to the login with the page as redirect', async ({
  page,
}, testInfo) => {
  await newMember(page.request, 'expiry');
  const path = onPhone(testInfo) ? '/service/h5/info' : '/service/info';
  await visit(page, `${PORTAL}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  // The session ends elsewhere (another tab logs out, the session lapses): the browser loses its cookie.
  await page.context().clearCookies({ name: 'joy_sid' });
  await page.getByLabel('Name', { exact: true }).fill('Mali Suksan');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.origin === PASSPORT && /^\/login(_h5)?$/.test(url.pathname));
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(new URL(redirect!).pathname).toBe(path);
});
