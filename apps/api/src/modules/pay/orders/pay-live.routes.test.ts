/**
 * Following an order: the live order status (order_stream, Server-Sent Events over a real socket) and the
 * lookup without login (order_lookup). Two apps on one database stand for two API processes: the stream is
 * opened on one, the order moves through the other, as when the standalone pay worker delivers the credit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payOrderLookedUp, payOrderTracked, type PayOrderTracked } from '@gp/contracts/pay';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { memberGet, payTestEnv, placeOrder } from '../../../../test/pay-steps.ts';
import { createTestAppPair } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { member as memberTable } from '../../../db/schema/member.schema.ts';
import { payOrder } from '../../../db/schema/pay-order.schema.ts';
import { lookupLimits, maskName } from './pay-order-lookup.service.ts';

let t: Awaited<ReturnType<typeof createTestAppPair>>;
let streaming: FastifyInstance;
let other: FastifyInstance;
let base: string;
let sfl: number;

beforeAll(async () => {
  t = await createTestAppPair({ ...payTestEnv, PAY_STREAMS_PER_MEMBER: '2', PAY_STREAMS_MAX: '3' });
  [streaming, other] = t.apps;
  base = await streaming.listen({ port: 0, host: '127.0.0.1' });
  const games = await t.db.select().from(game);
  sfl = games.find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
});
afterAll(async () => {
  // Node's fetch keeps the connections of aborted streams in its pool, which the server then waits for on close.
  streaming.server.closeAllConnections();
  await t.close();
});

interface Frame {
  event: string;
  id?: string;
  data: unknown;
}

/** An open SSE answer read frame by frame (comment lines skipped), as EventSource reads it. */
class StreamReader {
  private buffer = '';
  private done = false;
  private pending: ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']> | undefined;
  private readonly decoder = new TextDecoder();
  constructor(
    readonly response: Response,
    private readonly reader = response.body!.getReader(),
  ) {}

  async next(timeoutMs = 8_000): Promise<Frame | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':') && !l.startsWith('retry:'));
        if (lines.length === 0) continue;
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        return {
          event: field('event') ?? 'message',
          id: field('id'),
          data: JSON.parse(field('data') ?? '{}'),
        };
      }
      if (this.done) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      // A read that outlives a timeout is kept for the next call: its chunk must not be lost.
      this.pending ??= this.reader.read();
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), left);
        }),
      ]).finally(() => clearTimeout(timer));
      this.pending = undefined;
      if (chunk.done) this.done = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  async order(): Promise<{ id: string; order: PayOrderTracked }> {
    const frame = await this.next();
    expect(frame?.event).toBe('order');
    return { id: frame!.id!, order: payOrderTracked.parse(frame!.data) };
  }

  /** The client goes away, as a closed tab's EventSource does: the connection is dropped. */
  async cancel() {
    aborts.get(this.response)?.abort();
    await this.reader.cancel().catch(() => undefined);
  }
}

async function openStream(who: TestMember | null, orderNo: string, options: { lastEventId?: string } = {}) {
  const url = new URL(`${base}/pay/api/web/pay/order_stream`);
  url.searchParams.set('order_no', orderNo);
  url.searchParams.set('lang', 'th');
  if (who) url.searchParams.set('ct', who.ct);
  const headers: Record<string, string> = {};
  if (who)
    headers.cookie = Object.entries(who.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  aborts.set(response, abort);
  return response;
}

const aborts = new WeakMap<Response, AbortController>();

const decide = (payOrderNo: string, status: 'paid' | 'declined') =>
  other.dev!.sandbox!.repo.decide(payOrderNo, {
    status,
    eventId: `evt_${randomUUID()}`,
    notifyDueAt: new Date(Date.now() + 3_600_000),
    now: new Date(),
  });

/** The provider says paid and the other process learns it (order_result asks the sandbox). */
async function payThroughOtherProcess(who: TestMember, payOrderNo: string) {
  await decide(payOrderNo, 'paid');
  const { body } = await memberGet(other, `/pay/api/web/pay/order_result?pay_order_no=${payOrderNo}`, who);
  expect(body).toMatchObject({ code: 0, data: { state: 'paid' } });
}

describe('order_stream', () => {
  it('answers -101, -110 and 14 as JSON before any stream opens', async () => {
    const owner = await loginTestMember(t.db);
    const created = await placeOrder(other, owner, sfl);
    const visitor = await openStream(null, created.order_no);
    expect(visitor.headers.get('content-type')).toMatch(/application\/json/);
    expect(await visitor.json()).toMatchObject({ code: -101 });
    const forged = await openStream({ ...owner, ct: 'forged-token' }, created.order_no);
    expect(await forged.json()).toMatchObject({ code: -110 });
    const stranger = await loginTestMember(t.db);
    const theirs = await openStream(stranger, created.order_no);
    expect(theirs.headers.get('content-type')).toMatch(/application\/json/);
    expect(await theirs.json()).toMatchObject({ code: 14, data: null });
    expect(await (await openStream(owner, 'GP_NO_SUCH_ORDER')).json()).toMatchObject({ code: 14 });
  });

  it('sends the order, then each change made by another process, and ends when it is credited', async () => {
    const owner = await loginTestMember(t.db);
    const created = await placeOrder(other, owner, sfl);
    const response = await openStream(owner, created.order_no);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    const stream = new StreamReader(response);
    try {
      const first = await stream.order();
      expect(first.order).toMatchObject({ order_no: created.order_no, state: 'awaiting_payment' });
      // The page language: the Thai names of the game and the item.
      expect(first.order.product_name).toMatch(/[\u0E00-\u0E7F]/);
      const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
      expect(first.id).toBe(`awaiting_payment:${row!.updatedAt.getTime()}`);

      await payThroughOtherProcess(owner, created.pay_order_no);
      const paid = await stream.order();
      expect(paid.order.state).toBe('paid');
      expect(paid.id).not.toBe(first.id);
      expect(paid.order.timeline.map((s) => s.step)).toEqual(['created', 'paid']);

      expect((await other.pay.worker.runOnce()).delivered).toBeGreaterThanOrEqual(1);
      const credited = await stream.order();
      expect(credited.order).toMatchObject({ state: 'delivered', status: 'success' });
      expect(credited.order.timeline.at(-1)?.step).toBe('delivered');
      expect((await stream.next())?.event).toBe('end');
      expect(await stream.next()).toBeUndefined();
      expect(streaming.pay.streams.openStreams).toBe(0);
    } finally {
      await stream.cancel();
    }
  });

  it('resumes: Last-Event-ID of the current order sends nothing until it changes; an older one sends it', async () => {
    const owner = await loginTestMember(t.db);
    const created = await placeOrder(other, owner, sfl);
    const firstStream = new StreamReader(await openStream(owner, created.order_no));
    const { id } = await firstStream.order();
    await firstStream.cancel();

    const resumed = new StreamReader(await openStream(owner, created.order_no, { lastEventId: id }));
    try {
      // Nothing new within two poll rounds.
      await expect(resumed.next(2_500)).rejects.toThrow(/no event/);
      await payThroughOtherProcess(owner, created.pay_order_no);
      const paid = await resumed.order();
      expect(paid.order.state).toBe('paid');
    } finally {
      await resumed.cancel();
    }
    const stale = new StreamReader(await openStream(owner, created.order_no, { lastEventId: id }));
    try {
      expect((await stale.order()).order.state).toBe('paid');
    } finally {
      await stale.cancel();
    }
  });

  it('a final order: sends it once and ends; with its own Last-Event-ID it only ends', async () => {
    const owner = await loginTestMember(t.db);
    const created = await placeOrder(other, owner, sfl);
    await decide(created.pay_order_no, 'declined');
    const { body } = await memberGet(
      other,
      `/pay/api/web/pay/order_result?pay_order_no=${created.pay_order_no}`,
      owner,
    );
    expect(body.data).toMatchObject({ state: 'failed' });
    const stream = new StreamReader(await openStream(owner, created.order_no));
    const failed = await stream.order();
    expect(failed.order.state).toBe('failed');
    expect((await stream.next())?.event).toBe('end');
    expect(await stream.next()).toBeUndefined();
    const again = new StreamReader(await openStream(owner, created.order_no, { lastEventId: failed.id }));
    expect((await again.next())?.event).toBe('end');
    expect(await again.next()).toBeUndefined();
  });

  it('hangs up without `end` when the server closes (as at its lifetime): the page comes back and resumes', async () => {
    const owner = await loginTestMember(t.db);
    const created = await placeOrder(other, owner, sfl);
    const stream = new StreamReader(await openStream(owner, created.order_no));
    const { id } = await stream.order();
    streaming.pay.streams.hangUpAll();
    // No `end` event: the EventSource's own reconnect (after `retry`) is what brings the page back.
    expect(await stream.next()).toBeUndefined();
    await expect.poll(() => streaming.pay.streams.openStreams).toBe(0);
    const resumed = new StreamReader(await openStream(owner, created.order_no, { lastEventId: id }));
    try {
      await payThroughOtherProcess(owner, created.pay_order_no);
      expect((await resumed.order()).order.state).toBe('paid');
    } finally {
      await resumed.cancel();
    }
  });

  it('caps open streams per member and per process (41, HTTP 429), and frees a slot when a client leaves', async () => {
    const owner = await loginTestMember(t.db);
    const created = await placeOrder(other, owner, sfl);
    const open: StreamReader[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        open.push(new StreamReader(await openStream(owner, created.order_no)));
        await open.at(-1)!.order();
      }
      const third = await openStream(owner, created.order_no);
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ code: 41 });

      // Another member takes the process's last slot; then the process is full for everyone.
      const second = await loginTestMember(t.db);
      const theirs = await placeOrder(other, second, sfl);
      open.push(new StreamReader(await openStream(second, theirs.order_no)));
      await open.at(-1)!.order();
      const full = await openStream(second, theirs.order_no);
      expect(full.status).toBe(429);
      expect(await full.json()).toMatchObject({ code: 41 });

      await open.shift()!.cancel();
      await expect.poll(() => streaming.pay.streams.openStreams).toBe(2);
      const freed = new StreamReader(await openStream(owner, created.order_no));
      open.push(freed);
      expect((await freed.order()).order.order_no).toBe(created.order_no);
    } finally {
      await Promise.all(open.map((s) => s.cancel()));
    }
    await expect.poll(() => streaming.pay.streams.openStreams).toBe(0);
  });
});

describe('order_lookup', () => {
  const lookup = (app: FastifyInstance, form: Record<string, string>, address = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/pay/api/web/pay/order_lookup?lang=vi',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address,
    });

  async function memberWithOrder(values: { email?: string; phone?: string }) {
    const owner = await loginTestMember(t.db);
    await t.db.update(memberTable).set(values).where(eq(memberTable.mid, owner.mid));
    return { owner, created: await placeOrder(other, owner, sfl) };
  }

  it("answers the order's state and timeline for its number with the account's e-mail or phone", async () => {
    const email = `Lookup-${randomUUID().slice(0, 8)}@Example.com`;
    const phone = `6681${String(Date.now()).slice(-7)}`;
    const { created } = await memberWithOrder({ email: email.toLowerCase(), phone });
    const byEmail = await lookup(other, { order_no: created.order_no, account: email }, '203.0.113.10');
    expect(byEmail.json()).toMatchObject({ code: 0 });
    const shown = payOrderLookedUp.parse(byEmail.json().data);
    expect(shown).toMatchObject({ order_no: created.order_no, state: 'awaiting_payment' });
    expect(shown.timeline.map((s) => s.step)).toEqual(['created']);
    // No provider number, no character id, and the character's name masked.
    expect(byEmail.json().data).not.toHaveProperty('pay_order_no');
    expect(byEmail.json().data).not.toHaveProperty('cp_role_id');
    const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
    expect(shown.role_name).toBe(maskName(row!.roleName));
    expect(shown.role_name).not.toBe(row!.roleName);

    const byPhone = await lookup(
      other,
      { order_no: created.order_no, account: `+${phone.slice(0, 2)} ${phone.slice(2)}` },
      '203.0.113.11',
    );
    expect(byPhone.json()).toMatchObject({ code: 0, data: { order_no: created.order_no } });
  });

  it('answers a wrong number and a wrong address identically (40)', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const { created } = await memberWithOrder({ email });
    const otherEmail = `other-${randomUUID().slice(0, 8)}@example.com`;
    const someoneElse = await memberWithOrder({ email: otherEmail });
    const answers = [
      await lookup(other, { order_no: 'GP20260101NOSUCHORDER00000', account: email }, '203.0.113.20'),
      await lookup(other, { order_no: created.order_no, account: 'nobody@example.com' }, '203.0.113.21'),
      // Another member's real address with this order's number: still no.
      await lookup(other, { order_no: created.order_no, account: otherEmail }, '203.0.113.22'),
      await lookup(other, { order_no: someoneElse.created.order_no, account: email }, '203.0.113.23'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({
      code: 40,
      message:
        'Không tìm thấy đơn hàng có mã này với email hoặc số điện thoại đã nhập. Vui lòng kiểm tra lại cả hai và thử lại.',
      data: null,
    });
  });

  it('limits tries per client address and per order number, right or wrong (800000, HTTP 429)', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    const { created } = await memberWithOrder({ email });
    // Per order number: 10 tries from anywhere, then even the right pair waits.
    for (let i = 0; i < 10; i++) {
      const wrong = await lookup(
        other,
        { order_no: created.order_no, account: `x${i}@example.com` },
        `198.51.100.${i}`,
      );
      expect(wrong.json()).toMatchObject({ code: 40 });
    }
    const refused = await lookup(streaming, { order_no: created.order_no, account: email }, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 800000 });

    // Per address: a ceiling of tries of any numbers (a carrier's shared address never reaches it honestly), then
    // this address waits even for another order. IPv6 counts by its /64.
    const address = '2001:db8:77:1::1';
    for (let i = 0; i < lookupLimits.perAddress; i++)
      expect(
        (await lookup(other, { order_no: `GP_GUESS_${i}`, account: email }, address)).json(),
      ).toMatchObject({
        code: 40,
      });
    const fresh = await memberWithOrder({ email: `fresh-${randomUUID().slice(0, 8)}@example.com` });
    const blocked = await lookup(
      other,
      { order_no: fresh.created.order_no, account: 'a@example.com' },
      '2001:db8:77:1:abcd::9',
    );
    expect(blocked.statusCode).toBe(429);
  });
});
