/**
 * A staff refund seen by the player: a member pays an order (sandbox), the credit arrives; staff refund it from
 * the order panel of the console's payment operations with a reason (axe on the refund dialog); the game server
 * takes the credit back; the player finds the top-up "Refunded" with the reason in their history, on the desktop
 * table and (the refund made through the staff call) on the phone's cards.
 */
import { expect, test, type Page } from '@playwright/test';
import enOps from '../../packages/i18n/locales/en/ops.json' with { type: 'json' };
import enPay from '../../packages/i18n/locales/en/pay.json' with { type: 'json' };
import { checkA11y, visit } from '../support/a11y.ts';
import { API, CS_ADMIN } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { adminPassword, staffCall, staffLogin } from '../support/staff.ts';
import {
  dearestItems,
  desktopTopup,
  payGames,
  payH5,
  payInSandbox,
  placeOrder,
  rechargeableCharacter,
  type PlacedOrder,
  type Recipient,
  type TopupPlace,
} from '../support/topup.ts';

interface Delivery {
  order_no: string;
  reversed_at: string | null;
}

/** The game server's record of the order's credit (the dev console of the built-in game server). */
async function deliveryOf(page: Page, gameBaseId: number, recipient: Recipient, orderNo: string) {
  const response = await page.request.get(`${API}/dev/game-sim/deliveries`, {
    params: { game_base_id: gameBaseId, cp_server_id: recipient.cpServerId, cp_role_id: recipient.cpRoleId },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Delivery[] }).data.find((d) => d.order_no === orderNo);
}

/** A fresh member with a character, an order of Starfall Legends paid in the sandbox and credited. */
async function paidAndCredited(page: Page, tag: string) {
  const game = (await payGames(page.request, 'en')).find((g) => g.game_id === 'sfl_sea');
  expect(game, 'Starfall Legends is a demo game').toBeDefined();
  let recipient: Recipient | undefined;
  for (let attempt = 1; !recipient; attempt++) {
    await newMember(page.request, tag);
    recipient = await rechargeableCharacter(page.request, game!.game_base_id);
    expect(attempt, `${attempt} new members had no character to top up`).toBeLessThan(5);
  }
  const item = (await dearestItems(page.request, game!, 'en')).find((i) => i.currency === 'THB')!;
  const order: PlacedOrder = await placeOrder(page.request, game!, recipient, item, 'en');
  await payInSandbox(page.request, order);
  await expect
    .poll(async () => (await deliveryOf(page, game!.game_base_id, recipient!, order.order_no))?.order_no, {
      message: 'the credit arrives',
      timeout: 20_000,
    })
    .toBe(order.order_no);
  return { order, recipient, gameBaseId: game!.game_base_id };
}

/** The player's history shows the order refunded, with the reason in words. */
async function expectRefundedInHistory(page: Page, place: TopupPlace, orderNo: string, reason: string) {
  await visit(page, place.history, {
    ready: async (p) => {
      await expect(p.getByText(orderNo, { exact: true })).toBeVisible();
    },
  });
  const entry = place.h5
    ? page.getByRole('listitem').filter({ hasText: orderNo })
    : page.getByRole('row').filter({ hasText: orderNo });
  await expect(entry).toContainText(enPay.refunds.status);
  await expect(entry).toContainText(reason);
  await expect(entry).not.toContainText(enPay.status.failed);
}

test.describe('refunds', () => {
  test(
    'staff refund a paid top-up from the console; the credit is taken back; the player sees it refunded',
    { tag: '@desktop' },
    async ({ page, browser }) => {
      // Desktop only: staff work in the console on a desktop; the phone journey is below.
      test.setTimeout(90_000);
      const { order, recipient, gameBaseId } = await paidAndCredited(page, 'refund');

      const staff = await (await browser.newContext()).newPage();
      await staffLogin(staff.request, 'admin', adminPassword);
      await test.step('staff open the order and refund it with a reason (axe on the dialog)', async () => {
        await visit(staff, `${CS_ADMIN}/pay/orders?order_no=${order.order_no}`, {
          ready: async (p) => {
            await expect(p.getByRole('button', { name: `Open order ${order.order_no}` })).toBeVisible();
          },
        });
        await staff.getByRole('button', { name: `Open order ${order.order_no}` }).click();
        const panel = staff.getByRole('dialog').filter({ hasText: order.order_no }).first();
        await panel.getByRole('button', { name: enOps.refunds.action }).click();
        const dialog = staff.getByRole('dialog', {
          name: enOps.refunds.dialogTitle.replace('{{orderNo}}', order.order_no),
        });
        await expect(dialog).toBeVisible();
        await checkA11y(staff, { include: '.ant-modal' });
        await dialog.getByRole('radio', { name: enOps.refunds.reasonLabel.player_request }).check();
        await dialog
          .getByRole('textbox', { name: enOps.refunds.note })
          .fill('E2E: the player asked in ticket 7');
        await dialog.getByRole('button', { name: enOps.refunds.confirm }).click();
        await expect(dialog).toBeHidden();
        await expect(staff.getByText(enOps.refunds.reasonLabel.player_request)).toBeVisible();
        await expect(staff.getByText('E2E: the player asked in ticket 7')).toBeVisible();
      });

      await test.step('the game server takes the credit back, and the panel says so', async () => {
        await expect
          .poll(
            async () => (await deliveryOf(page, gameBaseId, recipient, order.order_no))?.reversed_at ?? null,
            {
              message: 'the credit is reversed',
              timeout: 20_000,
            },
          )
          .not.toBeNull();
        await staff.getByRole('button', { name: 'Refresh' }).click();
        await expect(staff.getByText(enOps.refunds.reversal.reversed)).toBeVisible();
      });

      await test.step('the player sees the top-up refunded with the reason', async () => {
        await expectRefundedInHistory(
          page,
          desktopTopup,
          order.order_no,
          enPay.refunds.reason.player_request,
        );
      });
    },
  );

  test(
    'on the phone, the refunded top-up reads refunded with its reason in the H5 history',
    { tag: '@phone' },
    async ({ page }) => {
      // Phones only: the H5 history; the desktop journey is above.
      test.setTimeout(90_000);
      const { order } = await paidAndCredited(page, 'refund-h5');
      const admin = await staffLogin(page.request, 'admin', adminPassword);
      await staffCall(admin, 'POST', '/komoe/mng/pay/order/refund', {
        order_no: order.order_no,
        reason: 'duplicate',
      });
      await expectRefundedInHistory(page, payH5, order.order_no, enPay.refunds.reason.duplicate);
    },
  );
});
