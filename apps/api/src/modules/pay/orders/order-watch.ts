/**
 * The process's one poller of watched orders, for the live order status. Every open stream watches its order
 * here; while anything is watched, one query a second reads the (state, updated_at) of all watched orders by
 * primary key and tells each watcher whose order changed. A change made anywhere (this process, another API
 * process, the standalone pay worker delivering credit) is seen, because the row is read, not an event of
 * this process.
 *
 * Polling rather than LISTEN/NOTIFY: NOTIFY would need a trigger or a call at every place that moves an order
 * (the transition statement, refunds, the worker in another process), a dedicated connection outside the pool on
 * PostgreSQL, and PGlite delivers notifications only within its own instance. One indexed read a second per
 * process costs the same with one watcher or a thousand.
 */
import type { OrderState } from '@gp/contracts/pay';

export interface WatchedState {
  state: OrderState;
  updatedAt: Date;
}

export type WatchListener = (current: WatchedState) => void;

/** The id of an order's live-status event: it changes whenever the order does (`<state>:<updated_at ms>`). */
export function orderEventId(order: WatchedState): string {
  return `${order.state}:${order.updatedAt.getTime()}`;
}

export interface OrderWatchOptions {
  read: (ids: readonly number[]) => Promise<{ id: number; state: OrderState; updatedAt: Date }[]>;
  intervalMs: number;
  log: { warn(obj: object, msg: string): void };
}

export class OrderWatch {
  /** Per watched order, each listener and the event id it knows (what it last heard or sent). */
  private readonly watchers = new Map<number, Map<WatchListener, string>>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: OrderWatchOptions) {}

  /**
   * Calls `listener` whenever the order's event id differs from the one it knows (`known`: what the stream sent
   * when it opened); answers the stop.
   */
  watch(orderId: number, known: string, listener: WatchListener): () => void {
    let listeners = this.watchers.get(orderId);
    if (!listeners) this.watchers.set(orderId, (listeners = new Map()));
    listeners.set(listener, known);
    this.schedule();
    return () => {
      const current = this.watchers.get(orderId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.watchers.delete(orderId);
      if (this.watchers.size === 0) this.stop();
    };
  }

  /** How many orders are watched. */
  get watchedOrders(): number {
    return this.watchers.size;
  }

  close(): void {
    this.closed = true;
    this.stop();
    this.watchers.clear();
  }

  private stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule() {
    if (this.timer || this.closed || this.watchers.size === 0) return;
    this.timer = setTimeout(() => void this.round(), this.options.intervalMs);
    // A watch must never keep a process alive on its own (a stream holds its socket open anyway).
    this.timer.unref();
  }

  private async round() {
    try {
      const rows = await this.options.read([...this.watchers.keys()]);
      for (const row of rows) {
        const id = orderEventId(row);
        const listeners = this.watchers.get(row.id);
        if (!listeners) continue;
        for (const [listener, known] of [...listeners]) {
          // A listener an earlier one stopped in this round hears nothing more.
          if (known === id || !listeners.has(listener)) continue;
          listeners.set(listener, id);
          listener(row);
        }
      }
    } catch (err) {
      // The next round tries again; a stream's client keeps its last state meanwhile.
      this.options.log.warn({ err }, 'order watch: reading the watched orders failed');
    } finally {
      this.timer = undefined;
      this.schedule();
    }
  }
}
