import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  payAdminDeadDeliveryPage,
  payAdminDeliveryRetry,
  payAdminGameList,
  payAdminOrderDetailCall,
} from '@gp/contracts/pay-admin';
import { deadItem, orderDetail, pageOf, payGame } from '../testing/pay-fixtures.ts';
import { ok, resetSession, staffServer, type Handler } from '../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const first = deadItem();
const second = deadItem({
  order_no: 'GP20260302SECOND000000000002',
  role_name: 'Mage',
  cp_role_id: 'mage-2',
});

function deadServer(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(payAdminDeadDeliveryPage)]: () => ok(pageOf([first, second])),
      [pathOf(payAdminGameList)]: () => ok([payGame(), payGame({ game_base_id: 4, game_name: 'Moon Tale' })]),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

const rowOf = (orderNo: string) => screen.getByLabelText(`Open order ${orderNo}`).closest('tr')!;

// Whole-console renders with antd are slow on a busy machine.
describe('stuck deliveries', { timeout: 40_000 }, () => {
  it('lists what failed and retries after a confirmation, then shows the delivery done', async () => {
    let looks = 0;
    const api = deadServer({
      [pathOf(payAdminDeliveryRetry)]: () => ok(orderDetail({}, { status: 'pending', attempts: 0 })),
      [pathOf(payAdminOrderDetailCall)]: () =>
        ok(
          ++looks === 1
            ? orderDetail({}, { status: 'pending', attempts: 0 })
            : orderDetail({ state: 'delivered' }, { status: 'done', attempts: 1, delivery_id: 'rcpt-9' }),
        ),
    });
    await renderOps('/pay/deliveries');
    await screen.findByRole('heading', { name: ops.pay.dead.title });
    await waitFor(() => rowOf(first.order.order_no));
    const row = within(rowOf(first.order.order_no));
    expect(row.getByText('game server refused: character locked')).toBeTruthy();
    expect(row.getByText(/Given up after 8 attempts/)).toBeTruthy();
    expect(row.getByText(ops.pay.deliveryStatus.dead)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(`Retry delivery of ${first.order.order_no}`));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/a credit the game server already received is not counted again/)).toBeTruthy();
    expect(api.to(pathOf(payAdminDeliveryRetry))).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: ops.pay.retry.action }));
    await waitFor(() => expect(api.to(pathOf(payAdminDeliveryRetry))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminDeliveryRetry))[0])).toEqual({ order_no: first.order.order_no });
    expect(await screen.findByText(ops.pay.retry.waiting)).toBeTruthy();
    expect(within(rowOf(first.order.order_no)).getByText(ops.pay.deliveryStatus.pending)).toBeTruthy();
    // The retried row no longer offers a retry; the other still does.
    expect(screen.queryByLabelText(`Retry delivery of ${first.order.order_no}`)).toBeNull();
    expect(screen.getByLabelText(`Retry delivery of ${second.order.order_no}`)).toBeTruthy();
    // The worker delivers it at its next round: the screen asks again until it is done.
    expect(await screen.findByText(ops.pay.retry.done, {}, { timeout: 8_000 })).toBeTruthy();
    expect(within(rowOf(first.order.order_no)).getByText(ops.pay.deliveryStatus.done)).toBeTruthy();
    expect(api.to(pathOf(payAdminOrderDetailCall)).length).toBeGreaterThanOrEqual(2);
  });

  it('explains a delivery that is no longer stuck', async () => {
    deadServer({ [pathOf(payAdminDeliveryRetry)]: () => fieldRefusal(['order_no', 'not_dead']) });
    await renderOps('/pay/deliveries');
    fireEvent.click(await screen.findByLabelText(`Retry delivery of ${second.order.order_no}`));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: ops.pay.retry.action }));
    expect(await screen.findByText(ops.pay.error.notDead)).toBeTruthy();
  });

  it('narrows the list to one game', async () => {
    const api = deadServer();
    const { router } = await renderOps('/pay/deliveries');
    await waitFor(() => rowOf(first.order.order_no));
    fireEvent.mouseDown(screen.getByLabelText(ops.pay.order.game));
    fireEvent.click(await screen.findByTitle('Moon Tale'));
    await waitFor(() => expect(api.to(pathOf(payAdminDeadDeliveryPage))).toHaveLength(2));
    expect(api.to(pathOf(payAdminDeadDeliveryPage))[1]!.query.get('game_base_id')).toBe('4');
    expect(new URLSearchParams(router.state.location.search).get('game')).toBe('4');
  });
});
