/**
 * Help that knows the order (the ticket carries it to the agent): a player whose credit is stuck (the game server
 * refused the delivery, so the worker gave up on it) opens "Problem with this order?" from the top-up history,
 * submits the pre-filled ticket without typing the order number, an agent opens the ticket in the console, sees
 * the order and retries the delivery from it, and the player's ticket page, open all along, turns to credited and
 * shows the agent's note without a reload (the order's live status stream). Desktop and phone for the player; axe
 * on every new screen and panel.
 */
import { expect, test, type Page } from '@playwright/test';
import enCommon from '../../packages/i18n/locales/en/common.json' with { type: 'json' };
import enDesk from '../../packages/i18n/locales/en/desk.json' with { type: 'json' };
import enPay from '../../packages/i18n/locales/en/pay.json' with { type: 'json' };
import enService from '../../packages/i18n/locales/en/service.json' with { type: 'json' };
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import { newMember, type Member } from '../support/member.ts';
import { onPhone } from '../support/shell.ts';
import { adminPassword, staffCall, staffLogin, type StaffApi } from '../support/staff.ts';
import {
  dearestItems,
  desktopTopup,
  gameServerSwitch,
  payGames,
  payH5,
  payInSandbox,
  placeOrder,
  rechargeableCharacter,
  type PlacedOrder,
  type Recipient,
} from '../support/topup.ts';

/** A fresh member's paid order whose delivery the game server refused: the worker dead-letters it at once. */
async function stuckOrder(page: Page, staff: StaffApi) {
  const game = (await payGames(page.request, 'en')).find((g) => g.game_id === 'sfl_sea');
  expect(game, 'Starfall Legends is a demo game').toBeDefined();
  let recipient: Recipient | undefined;
  let member: Member | undefined;
  for (let attempt = 1; !recipient; attempt++) {
    member = await newMember(page.request, 'order-help');
    recipient = await rechargeableCharacter(page.request, game!.game_base_id);
    expect(attempt, `${attempt} new members had no character to top up`).toBeLessThan(5);
  }
  const item = (await dearestItems(page.request, game!, 'en')).find((i) => i.currency === 'THB')!;
  const order: PlacedOrder = await placeOrder(page.request, game!, recipient, item, 'en');
  const target = { gameBaseId: game!.game_base_id, mid: member!.mid, recipient };
  // Locked in the game after ordering: the game server refuses the credit for good.
  await gameServerSwitch(page.request, 'cannot_recharge', target, true);
  await payInSandbox(page.request, order);
  await expect
    .poll(
      async () =>
        (
          await staffCall<{ delivery: { status: string } | null }>(
            staff,
            'GET',
            '/komoe/mng/pay/order/detail',
            {
              order_no: order.order_no,
            },
          )
        ).delivery?.status,
      { message: 'the delivery is given up', timeout: 20_000 },
    )
    .toBe('dead');
  // Unlocked again: a retry can now credit the character.
  await gameServerSwitch(page.request, 'cannot_recharge', target, false);
  return { order, member: member! };
}

test('a stuck top-up goes from "Problem with this order?" to credited with one ticket', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const phone = onPhone(testInfo);
  const agent = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  const staff = await staffLogin(agent.request, 'admin', adminPassword);
  const { order, member } = await stuckOrder(page, staff);
  const help = `${enPay.orderHelp.problem} ${order.order_no}`;

  let workOrderId = 0;
  await test.step('the player opens "Problem with this order?" from the history and submits the ticket', async () => {
    await visit(page, (phone ? payH5 : desktopTopup).history, {
      ready: async (p) => {
        await expect(p.getByRole('link', { name: help })).toBeVisible();
      },
    });
    await page.getByRole('link', { name: help }).click();
    const about = page.getByRole('region', { name: enService.orderHelp.about });
    await afterNavigation(page, {
      ready: async (p) => {
        await expect(p.getByRole('region', { name: enService.orderHelp.about })).toBeVisible();
        await expect(p.getByLabel('Question type')).toHaveValue(/\d+/);
      },
    });
    expect(page.url()).toContain(phone ? '/service/h5/question' : '/service/question');
    await expect(about).toContainText(order.order_no);
    await expect(page.getByLabel('Title')).toHaveValue(`Problem with order ${order.order_no}`);
    // A new member has no contact details yet: the reply address is the one thing typed.
    await page.getByLabel('E-mail for replies').fill(member.email);
    await page.getByLabel('Description').fill('I paid for the Stardust but my character never got it.');
    await page.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(page.getByRole('heading', { name: 'Your ticket has been submitted' })).toBeVisible();
    await page.getByRole('link', { name: 'View your ticket' }).click();
    await expect(page).toHaveURL(/work_order_id=\d+/);
    workOrderId = Number(new URL(page.url()).searchParams.get('work_order_id'));
    await afterNavigation(page, {
      ready: async (p) => {
        await expect(p.getByRole('region', { name: enService.orderHelp.panel })).toBeVisible();
      },
    });
    await expect(page.getByRole('region', { name: enService.orderHelp.panel })).toContainText(
      enCommon.orderTimeline.steps.delivering,
    );
  });

  await test.step('an agent opens the ticket, sees the order and retries the delivery from it', async () => {
    const panelName = enDesk.orderHelp.heading;
    await visit(agent, `${CS_ADMIN}/tickets/${workOrderId}`, {
      ready: async (p) => {
        await expect(p.getByRole('region', { name: panelName })).toContainText(order.order_no);
      },
    });
    const panel = agent.getByRole('region', { name: panelName });
    await panel.getByRole('button', { name: enDesk.orderHelp.retryDelivery }).click();
    await expect(panel.getByText(/the ticket is now Replied/)).toBeVisible();
    // In the thread (the panel's notice quotes the note too, so the page holds it twice once the thread reloads).
    const thread = agent.getByRole('list', { name: enDesk.thread.label });
    await expect(thread.getByText(/We sent the credit to your character again/)).toBeVisible();
    await checkA11y(agent);
    await agent.context().close();
  });

  await test.step('the player’s open ticket page turns to credited, with the agent’s note, without a reload', async () => {
    const panel = page.getByRole('region', { name: enService.orderHelp.panel });
    // The page has stayed open since the ticket was submitted: the order's live status brings the change.
    await expect(panel).toContainText(enCommon.orderTimeline.steps.delivered, { timeout: 30_000 });
    await expect(page.getByText(/We sent the credit to your character again/)).toBeVisible();
    await checkA11y(page);
  });
});
