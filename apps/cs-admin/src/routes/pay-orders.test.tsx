import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  payAdminDeliveryRetry,
  payAdminGameList,
  payAdminOrderDetailCall,
  payAdminOrderPageCall,
} from '@gp/contracts/pay-admin';
import { order, orderDetail, pageOf, payGame } from '../testing/pay-fixtures.ts';
import { ok, resetSession, staffServer, type Handler, openDialogWith } from '../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paid = order({
  order_no: 'GP20260301PAID0000000000001',
  state: 'delivered',
  delivery_status: 'done',
  product_price: 119000,
  currency: 'VND',
  exponent: 0,
});
const stuck = order();

function ordersServer(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(payAdminOrderPageCall)]: () => ok(pageOf([stuck, paid])),
      [pathOf(payAdminGameList)]: () => ok([payGame()]),
      [pathOf(payAdminOrderDetailCall)]: () => ok(orderDetail()),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

// Whole-console renders with antd are slow on a busy machine.
describe('top-up orders', { timeout: 40_000 }, () => {
  it('searches by the filters of a link and by new ones, from the first page', async () => {
    const api = ordersServer();
    const { router } = await renderOps(
      '/pay/orders?uid=42&state=delivering&from=2026-03-01T00:00:00.000Z&to=2026-03-02T00:00:00.000Z&page=2',
    );
    await screen.findByRole('heading', { name: ops.pay.order.title });
    await waitFor(() => expect(api.to(pathOf(payAdminOrderPageCall))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminOrderPageCall))[0])).toEqual({
      uid: 42,
      state: 'delivering',
      start_time: '2026-03-01T00:00:00.000Z',
      end_time: '2026-03-02T00:00:00.000Z',
      page_num: 2,
      page_size: 20,
    });
    expect(await screen.findByText('฿549.00')).toBeTruthy();
    expect(screen.getByText('₫119,000')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(ops.pay.order.uid), { target: { value: 'abc' } });
    fireEvent.click(screen.getByText(ops.common.search).closest('button')!);
    expect(await screen.findByText(ops.pay.order.uidRule)).toBeTruthy();
    expect(api.to(pathOf(payAdminOrderPageCall))).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(ops.pay.order.uid), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(ops.pay.order.orderNo), { target: { value: ' GP2026 ' } });
    fireEvent.change(screen.getByLabelText(ops.pay.order.role), { target: { value: 'hero-7' } });
    fireEvent.click(screen.getByText(ops.common.search).closest('button')!);
    await waitFor(() => expect(api.to(pathOf(payAdminOrderPageCall))).toHaveLength(2));
    expect(bodyOf(api.to(pathOf(payAdminOrderPageCall))[1])).toMatchObject({
      order_no: 'GP2026',
      cp_role_id: 'hero-7',
      state: 'delivering',
      page_num: 1,
    });
    expect(bodyOf(api.to(pathOf(payAdminOrderPageCall))[1])).not.toHaveProperty('uid');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('order_no')).toBe('GP2026');
    expect(search.get('page')).toBeNull();
  });

  it('says "1,000+ orders" over a capped count, with the hint to narrow the search, up to its last page', async () => {
    ordersServer({
      [pathOf(payAdminOrderPageCall)]: () =>
        ok({ ...pageOf([stuck, paid]), total: 1000, total_capped: true }),
    });
    const { view } = await renderOps('/pay/orders');
    const total = await screen.findByText('1,000+ orders');
    expect(within(total.closest('ul')!).getByText('Narrow the filters to see the rest.')).toBeTruthy();
    const pages = [...view.container.querySelectorAll('.ant-pagination-item')].map((li) =>
      li.getAttribute('title'),
    );
    expect(pages.at(-1)).toBe('50');
    cleanup();
    ordersServer({ [pathOf(payAdminOrderPageCall)]: () => ok({ ...pageOf([stuck, paid]), total: 1000 }) });
    await renderOps('/pay/orders');
    expect(await screen.findByText('1,000 orders')).toBeTruthy();
    expect(screen.queryByText('Narrow the filters to see the rest.')).toBeNull();
  });

  it('explains a time range that ends before it starts', async () => {
    ordersServer({ [pathOf(payAdminOrderPageCall)]: () => fieldRefusal(['end_time', 'before_start']) });
    await renderOps('/pay/orders?from=2026-03-02T00:00:00.000Z&to=2026-03-01T00:00:00.000Z');
    expect(await screen.findByText(ops.pay.error.beforeStart)).toBeTruthy();
  });

  it('opens the panel of the order a link names with `open` (the home links paid orders not credited)', async () => {
    const api = ordersServer();
    await renderOps(`/pay/orders?order_no=${stuck.order_no}&open=${stuck.order_no}`);
    const panel = within(await screen.findByRole('dialog'));
    expect(await panel.findByText('Made as Created')).toBeTruthy();
    expect(api.to(pathOf(payAdminOrderDetailCall))[0]!.query.get('order_no')).toBe(stuck.order_no);
  });

  it("opens an order's history, notifications and delivery", async () => {
    const api = ordersServer();
    await renderOps('/pay/orders');
    fireEvent.click(await screen.findByLabelText(`Open order ${stuck.order_no}`));
    const panel = within(await screen.findByRole('dialog'));
    expect(await panel.findByText('Made as Created')).toBeTruthy();
    expect(api.to(pathOf(payAdminOrderDetailCall))[0]!.query.get('order_no')).toBe(stuck.order_no);
    expect(panel.getByText('Awaiting payment → Paid')).toBeTruthy();
    expect(panel.getByText('Provider notification evt_77')).toBeTruthy();
    expect(panel.getByText(ops.pay.cause.worker)).toBeTruthy();
    expect(panel.getByText(ops.pay.result.applied)).toBeTruthy();
    expect(panel.getByText('game server refused: character locked')).toBeTruthy();
    expect(panel.getByText('Hero (hero-7)', { exact: false })).toBeTruthy();
    expect(panel.getByText('฿549.00')).toBeTruthy();
    expect(panel.getByText(ops.pay.deliveryStatus.dead)).toBeTruthy();
  });

  it(
    'retries a stuck delivery from the order panel and follows it until delivered',
    { timeout: 60_000 },
    async () => {
      let looks = 0;
      const api = ordersServer({
        [pathOf(payAdminOrderDetailCall)]: () =>
          ok(
            looks++ === 0
              ? orderDetail()
              : orderDetail(
                  { state: 'delivered', delivery_status: 'done' },
                  { status: 'done', attempts: 1, last_error: null, delivery_id: 'rcpt-1' },
                ),
          ),
        [pathOf(payAdminDeliveryRetry)]: () =>
          ok(
            orderDetail({}, { status: 'pending', attempts: 0, next_attempt_at: '2026-03-01T09:00:00.000Z' }),
          ),
      });
      await renderOps('/pay/orders');
      fireEvent.click(await screen.findByLabelText(`Open order ${stuck.order_no}`));
      const panel = within(await screen.findByRole('dialog'));
      fireEvent.click(await panel.findByText(ops.pay.retry.action));
      const confirm = await openDialogWith(/The character is credited once/);
      expect(api.to(pathOf(payAdminDeliveryRetry))).toHaveLength(0);
      fireEvent.click(within(confirm).getByRole('button', { name: ops.pay.retry.action }));
      await waitFor(() => expect(api.to(pathOf(payAdminDeliveryRetry))).toHaveLength(1), { timeout: 15_000 });
      expect(bodyOf(api.to(pathOf(payAdminDeliveryRetry))[0])).toEqual({ order_no: stuck.order_no });
      // The panel asks again every 1.5 s; on a loaded CI machine a render can take seconds.
      const slow = { timeout: 15_000 };
      expect(await panel.findByText(ops.pay.retry.waiting, {}, slow)).toBeTruthy();
      expect(panel.getByText(ops.pay.deliveryStatus.pending)).toBeTruthy();
      expect(await panel.findByText(ops.pay.retry.done, {}, slow)).toBeTruthy();
      expect(panel.getByText('rcpt-1')).toBeTruthy();
    },
  );
});
