/**
 * The live status of one of the member's orders: `useOrderStream(orderNo, initial)` answers the
 * order as the API's `order_stream` (Server-Sent Events) last sent it, else `initial`, whichever is further along.
 * Every user of the hook on a page shares one EventSource per order (a module-level registry): the pay pages and a
 * ticket's order open one stream, never one per component. The stream closes when its last user unmounts, when
 * the order reaches a final state, and when the server ends it; where the browser has no EventSource, or the
 * stream is refused (not logged in, too many streams), the hook answers `initial` and the page's own query stays
 * the way to learn more.
 */
import { useContext, useEffect, useState } from 'react';
import { readCookie } from '@gp/api-client';
import {
  orderStateRank as rank,
  payOrderStream,
  streamEndStates,
  type OrderState,
  type PayOrderTracked,
} from '@gp/contracts/pay';
import { currentLanguage } from '@gp/i18n';
import { csrfCookieName } from './player-api.ts';
import { ShellContext } from './shell/shell-context.tsx';

type Listener = (order: PayOrderTracked) => void;

interface Entry {
  source: EventSource;
  latest: PayOrderTracked | undefined;
  listeners: Set<Listener>;
}

const open = new Map<string, Entry>();

/** Of two versions of one order, the one further along (the first when they are level). */
export function furtherAlong<T extends { state: OrderState }>(a: T, b: T): T {
  return rank[b.state] > rank[a.state] ? b : a;
}

const isFinal = (order: PayOrderTracked | undefined) => !!order && streamEndStates.includes(order.state);

/** The stream's address: `ct` and the language in the query, since an EventSource sends no headers of ours. */
export function orderStreamUrl(base: string, orderNo: string): string {
  const url = new URL(`${base.replace(/\/$/, '')}${payOrderStream.path}`);
  url.searchParams.set('order_no', orderNo);
  url.searchParams.set('lang', currentLanguage());
  const ct = readCookie(csrfCookieName);
  if (ct) url.searchParams.set('ct', ct);
  return url.toString();
}

function stop(orderNo: string, entry: Entry) {
  entry.source.close();
  if (open.get(orderNo) === entry) open.delete(orderNo);
}

function subscribe(base: string, orderNo: string, listener: Listener): () => void {
  let entry = open.get(orderNo);
  if (!entry) {
    const source = new EventSource(orderStreamUrl(base, orderNo), { withCredentials: true });
    const created: Entry = { source, latest: undefined, listeners: new Set() };
    source.addEventListener('order', (event) => {
      let order: PayOrderTracked;
      try {
        order = JSON.parse((event as MessageEvent<string>).data) as PayOrderTracked;
      } catch {
        return;
      }
      created.latest = order;
      for (const each of created.listeners) each(order);
      if (isFinal(order)) created.source.close();
    });
    // The server is done (final state, longest lifetime): no reconnect. A refusal (a JSON answer) closes it too.
    source.addEventListener('end', () => created.source.close());
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) created.source.close();
    });
    open.set(orderNo, (entry = created));
  }
  const mine = entry;
  mine.listeners.add(listener);
  if (mine.latest) listener(mine.latest);
  return () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size === 0) stop(orderNo, mine);
  };
}

/** Open streams of the page by order number (tests). */
export function openOrderStreams(): string[] {
  return [...open.entries()].filter(([, e]) => e.source.readyState !== EventSource.CLOSED).map(([no]) => no);
}

export function useOrderStream(
  orderNo: string | undefined,
  initial?: PayOrderTracked,
): PayOrderTracked | undefined {
  const shell = useContext(ShellContext);
  const base = shell?.hosts.api.pay?.[0];
  const [streamed, setStreamed] = useState<PayOrderTracked>();
  const settled = isFinal(initial);
  useEffect(() => {
    setStreamed(undefined);
    if (!orderNo || !base || settled || typeof EventSource === 'undefined') return;
    return subscribe(base, orderNo, (order) => {
      if (order.order_no === orderNo) setStreamed(order);
    });
  }, [orderNo, base, settled]);
  const live = streamed?.order_no === orderNo ? streamed : undefined;
  if (!live) return initial;
  if (!initial || initial.order_no !== orderNo) return live;
  return furtherAlong(live, initial);
}
