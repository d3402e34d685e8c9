/**
 * The live status of a member's order: the rules behind `order_stream`. Opening checks what order_detail
 * checks (the member's own order, else 14) and the caps (per member and per process, else 41 with HTTP 429),
 * before anything is streamed. A started stream sends the order unless the client already has this version of
 * it (Last-Event-ID), then each change the process's order watch reports, and ends at a final state. After its
 * longest lifetime, or when the server closes, it hangs up instead: the page's EventSource comes back by itself
 * and resumes from the version it has. The transport (SSE frames, heartbeats) is http/register-stream-call.ts.
 */
import { codes } from '@gp/errors';
import { streamEndStates, type PayOrderTracked } from '@gp/contracts/pay';
import { AppError } from '../../../http/app-error.ts';
import type { EventSink, EventSource } from '../../../http/register-stream-call.ts';
import { orderEventId, type OrderWatch } from './order-watch.ts';
import { payError } from '../catalog/pay-catalog.service.ts';
import type { PayOrderRepository, PayOrderRow } from './pay-order.repository.ts';
import type { PayOrderService } from './pay-order.service.ts';

export interface OrderStreamLimits {
  /** Open streams of one member across their tabs and devices (in this process). */
  perMember: number;
  /** Open streams of this process. */
  perProcess: number;
  /** The longest a stream stays open; the client reconnects (Last-Event-ID) if it still wants it. */
  lifetimeMs: number;
}

export interface PayOrderStreamDeps {
  repo: PayOrderRepository;
  orders: PayOrderService;
  watch: OrderWatch;
  limits: OrderStreamLimits;
  log: { warn(obj: object, msg: string): void };
}

const ends = (order: PayOrderRow) => streamEndStates.includes(order.state);

export class PayOrderStreamService {
  private readonly open = new Set<OrderStream>();
  private readonly perMember = new Map<number, number>();

  constructor(private readonly deps: PayOrderStreamDeps) {}

  /** Streams open in this process (the metrics gauge). */
  get openStreams(): number {
    return this.open.size;
  }

  /** One of the member's orders to stream, its slot taken; 14 for anyone else's or none, 41 over a cap. */
  async openStream(mid: number, orderNo: string, lang: string): Promise<EventSource<PayOrderTracked>> {
    const order = await this.deps.repo.byOrderNo(orderNo);
    if (!order || order.mid !== mid) throw payError(codes.payNoResult);
    const mine = this.perMember.get(mid) ?? 0;
    if (mine >= this.deps.limits.perMember || this.open.size >= this.deps.limits.perProcess)
      throw new AppError(codes.payTooManyStreams, { domain: 'pay', status: 429 });
    this.perMember.set(mid, mine + 1);
    const stream = new OrderStream(order, lang, this.deps, () => {
      this.open.delete(stream);
      const left = (this.perMember.get(mid) ?? 1) - 1;
      if (left > 0) this.perMember.set(mid, left);
      else this.perMember.delete(mid);
    });
    this.open.add(stream);
    return stream;
  }

  /**
   * Hangs up every open stream (the server is closing: requests in flight must finish); their pages connect
   * again to a process still running.
   */
  hangUpAll(): void {
    for (const stream of [...this.open]) stream.hangUp();
  }
}

class OrderStream implements EventSource<PayOrderTracked> {
  private sink: EventSink<PayOrderTracked> | undefined;
  private sent: string | undefined;
  private stopWatching: (() => void) | undefined;
  private lifetime: NodeJS.Timeout | undefined;
  /** Changes are sent one after the other, in the order they were seen. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly order: PayOrderRow,
    private readonly lang: string,
    private readonly deps: PayOrderStreamDeps,
    private readonly release: () => void,
  ) {}

  start(sink: EventSink<PayOrderTracked>, lastEventId: string | undefined): void {
    this.sink = sink;
    const current = orderEventId(this.order);
    // A reconnect whose client has this very version of the order gets nothing until it changes.
    if (lastEventId === current) this.sent = current;
    else this.enqueue(async () => this.send(this.order));
    if (ends(this.order)) {
      this.enqueue(async () => this.end());
      return;
    }
    this.stopWatching = this.deps.watch.watch(this.order.id, current, () =>
      this.enqueue(async () => {
        const row = await this.deps.repo.byId(this.order.id);
        if (row) await this.send(row);
      }),
    );
    this.lifetime = setTimeout(() => this.hangUp(), this.deps.limits.lifetimeMs);
  }

  /** Ends the stream from the server's side: the order is final, or it cannot be read. */
  end(): void {
    if (this.closed) return;
    if (this.sink) this.sink.end();
    else this.close();
  }

  /** Closes the connection for the page to open again (its lifetime, the server closing). */
  hangUp(): void {
    if (this.closed) return;
    if (this.sink) this.sink.hangUp();
    else this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopWatching?.();
    clearTimeout(this.lifetime);
    this.release();
  }

  private enqueue(step: () => Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await step();
      } catch (err) {
        // A failed read ends the stream; the page keeps its query button and may reconnect.
        this.deps.log.warn({ err, orderNo: this.order.orderNo }, 'order stream: sending the order failed');
        this.end();
      }
    });
  }

  private async send(row: PayOrderRow) {
    const id = orderEventId(row);
    if (id !== this.sent) {
      const tracked = await this.deps.orders.tracked(row, this.lang);
      if (this.closed) return;
      this.sent = id;
      this.sink?.event(id, tracked);
    }
    if (ends(row)) this.end();
  }
}
