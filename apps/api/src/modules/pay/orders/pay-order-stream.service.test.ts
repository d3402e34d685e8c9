/**
 * How a stream ends: for good (an `end` event) only at a final state; at its longest lifetime it hangs up, so the
 * page's EventSource comes back by itself (the transport is checked through HTTP in pay-live.routes.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayOrderTracked } from '@gp/contracts/pay';
import type { EventSink } from '../../../http/register-stream-call.ts';
import type { OrderWatch } from './order-watch.ts';
import type { PayOrderRepository, PayOrderRow } from './pay-order.repository.ts';
import type { PayOrderService } from './pay-order.service.ts';
import { PayOrderStreamService } from './pay-order-stream.service.ts';

const row = (state: PayOrderRow['state']) =>
  ({ id: 1, mid: 7, orderNo: 'P1', state, updatedAt: new Date(1_000) }) as PayOrderRow;

function service(order: PayOrderRow) {
  const deps = {
    repo: { byOrderNo: async () => order, byId: async () => order } as unknown as PayOrderRepository,
    orders: {
      tracked: async (r: PayOrderRow) =>
        ({ order_no: r.orderNo, state: r.state }) as unknown as PayOrderTracked,
    } as unknown as PayOrderService,
    watch: { watch: () => () => {} } as unknown as OrderWatch,
    limits: { perMember: 5, perProcess: 10, lifetimeMs: 60_000 },
    log: { warn: () => {} },
  };
  return new PayOrderStreamService(deps);
}

/** A sink that closes its source once the connection is gone, as the transport does. */
function sinkOf(stream: { close(): void }) {
  return {
    event: vi.fn(),
    end: vi.fn(() => stream.close()),
    hangUp: vi.fn(() => stream.close()),
  } satisfies EventSink<PayOrderTracked>;
}

describe('PayOrderStreamService', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hangs up at its longest lifetime, without ending the stream for good', async () => {
    const streams = service(row('awaiting_payment'));
    const stream = await streams.openStream(7, 'P1', 'en');
    const out = sinkOf(stream);
    stream.start(out, undefined);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(out.event).toHaveBeenCalledTimes(1);
    expect(out.hangUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(out.hangUp).toHaveBeenCalledTimes(1);
    expect(out.end).not.toHaveBeenCalled();
  });

  it('ends for good at a final state', async () => {
    const streams = service(row('delivered'));
    const stream = await streams.openStream(7, 'P1', 'en');
    const out = sinkOf(stream);
    stream.start(out, undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(out.event).toHaveBeenCalledTimes(1);
    expect(out.end).toHaveBeenCalledTimes(1);
    expect(out.hangUp).not.toHaveBeenCalled();
  });

  it('hangs up every open stream when the server closes, and frees their slots', async () => {
    const streams = service(row('paid'));
    const stream = await streams.openStream(7, 'P1', 'en');
    const out = sinkOf(stream);
    stream.start(out, undefined);
    streams.hangUpAll();
    expect(out.hangUp).toHaveBeenCalledTimes(1);
    expect(streams.openStreams).toBe(0);
  });
});
