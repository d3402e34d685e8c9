import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayOrderTracked } from '@gp/contracts/pay';
import { localHosts } from '@gp/config';
import { openOrderStreams, useOrderStream } from './order-stream.ts';
import { FakeEventSource } from './testing-event-source.ts';
import { ShellContext, type ShellState } from './shell/shell-context.tsx';

const order = (state: PayOrderTracked['state'], orderNo = 'GP20261126ABCDEFGHIJKLMNOP'): PayOrderTracked => ({
  order_no: orderNo,
  pay_order_no: 'SBX20261126AAAAAAAAAAAAAAAA',
  game_base_id: 1,
  game_id: 'sfl_sea',
  game_name: 'Starfall Legends',
  cp_server_id: 's1',
  server_name: 'Aurora',
  cp_role_id: 'r1',
  role_name: 'Luna',
  product_id: 'sfl_sea.gem_980',
  product_name: '980 Stardust',
  product_price: 54900,
  currency: 'THB',
  exponent: 2,
  pay_mode: 108,
  payment_type: 'promptpay',
  channel_name: 'PromptPay',
  state,
  status: state === 'delivered' ? 'success' : 'pending',
  reason_code: null,
  created_at: '2026-11-26T01:00:00.000Z',
  pay_time: null,
  delivered_at: null,
  refund_reason: null,
  refunded_at: null,
  timeline: [{ step: 'created', at: '2026-11-26T01:00:00.000Z' }],
});

const shell = { hosts: localHosts(), h5: false } as unknown as ShellState;

function Probe({ name, orderNo, initial }: { name: string; orderNo?: string; initial?: PayOrderTracked }) {
  const current = useOrderStream(orderNo, initial);
  return <p data-testid={name}>{current?.state ?? 'none'}</p>;
}

function renderProbes(probes: { name: string; orderNo?: string; initial?: PayOrderTracked }[]) {
  return render(
    <ShellContext.Provider value={shell}>
      {probes.map((p) => (
        <Probe key={p.name} {...p} />
      ))}
    </ShellContext.Provider>,
  );
}

const shown = (name: string) => screen.getByTestId(name).textContent;

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  document.cookie = 'joy_jct=csrf-token-1';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useOrderStream', () => {
  it('opens one stream per order for every user on the page, with the language and ct, and follows it', () => {
    const initial = order('awaiting_payment');
    renderProbes([
      { name: 'tracker', orderNo: initial.order_no, initial },
      { name: 'ticket', orderNo: initial.order_no },
    ]);
    expect(FakeEventSource.made).toHaveLength(1);
    const [source] = FakeEventSource.made;
    const url = new URL(source!.url);
    expect(url.pathname).toBe('/pay/api/web/pay/order_stream');
    expect(url.searchParams.get('order_no')).toBe(initial.order_no);
    expect(url.searchParams.get('ct')).toBe('csrf-token-1');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(source!.init).toEqual({ withCredentials: true });
    expect(shown('tracker')).toBe('awaiting_payment');
    expect(shown('ticket')).toBe('none');

    source!.emit('order', order('paid'));
    expect(shown('tracker')).toBe('paid');
    expect(shown('ticket')).toBe('paid');
    source!.emit('order', order('delivered'));
    expect(shown('tracker')).toBe('delivered');
    // A final state: the page closes the stream itself.
    expect(source!.readyState).toBe(FakeEventSource.CLOSED);
    expect(openOrderStreams()).toEqual([]);
  });

  it('closes the stream when its last user unmounts, and on the server end', () => {
    const view = renderProbes([{ name: 'a', orderNo: 'GP1' }]);
    const [first] = FakeEventSource.made;
    expect(openOrderStreams()).toEqual(['GP1']);
    view.unmount();
    expect(first!.readyState).toBe(FakeEventSource.CLOSED);

    renderProbes([{ name: 'b', orderNo: 'GP2' }]);
    const second = FakeEventSource.made[1]!;
    second.emit('end');
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('stays open when the server hangs up (its lifetime), and follows again once the browser is back', () => {
    renderProbes([{ name: 'c', orderNo: 'GP4', initial: order('awaiting_payment', 'GP4') }]);
    const source = FakeEventSource.made[0]!;
    source.hungUp('reconnected');
    expect(openOrderStreams()).toEqual(['GP4']);
    expect(FakeEventSource.made).toHaveLength(1);
    source.emit('order', order('paid', 'GP4'));
    expect(shown('c')).toBe('paid');
    // A reconnect the server refuses (logged out meanwhile) ends it: the page's own query stays.
    source.hungUp('refused');
    expect(openOrderStreams()).toEqual([]);
    expect(shown('c')).toBe('paid');
  });

  it("keeps the page's own answer when it is further along than the stream's", () => {
    const { rerender } = renderProbes([
      { name: 'p', orderNo: 'GP3', initial: order('awaiting_payment', 'GP3') },
    ]);
    FakeEventSource.made[0]!.emit('order', order('paid', 'GP3'));
    expect(shown('p')).toBe('paid');
    rerender(
      <ShellContext.Provider value={shell}>
        <Probe name="p" orderNo="GP3" initial={order('delivering', 'GP3')} />
      </ShellContext.Provider>,
    );
    expect(shown('p')).toBe('delivering');
  });

  it('opens nothing for a final order, without an order number, or without EventSource', () => {
    renderProbes([{ name: 'final', orderNo: 'GP4', initial: order('delivered', 'GP4') }, { name: 'none' }]);
    expect(FakeEventSource.made).toHaveLength(0);
    expect(shown('final')).toBe('delivered');
    cleanup();
    vi.stubGlobal('EventSource', undefined);
    renderProbes([{ name: 'old', orderNo: 'GP5', initial: order('paid', 'GP5') }]);
    expect(shown('old')).toBe('paid');
  });
});
