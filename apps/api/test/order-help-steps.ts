/**
 * Tickets about a top-up order in API tests: a member's order in the states players write about (paid at the
 * provider but not yet known here, paid and credited, paid with its delivery given up), and the ticket the
 * player's "Problem with this order?" form submits for it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { payDeliveryJob, payOrder } from '../src/db/schema/pay-order.schema.ts';
import { createGameServerSimulator } from '../src/dev/game-server/game-server.simulator.ts';
import { SandboxNotifier } from '../src/dev/sandbox/sandbox-provider.ts';
import { PayDeliveryWorker } from '../src/modules/pay/index.ts';
import type { demoIds } from './cs-fixtures.ts';
import { caller } from './cs-fixtures.ts';
import type { TestMember } from './member-session.ts';
import { notify, placeOrder } from './pay-steps.ts';
import { TestClock } from './test-clock.ts';

const silent = { info() {}, warn() {}, error() {} };

export function orderSteps(t: { app: FastifyInstance; db: Db; clock: TestClock }, sfl: number) {
  const sim = createGameServerSimulator(t.db);
  // The worker's own clock, moved past its backoff without moving the app's (sessions stay fresh).
  const workerClock = new TestClock(t.clock.now());
  const worker = (maxAttempts?: number) =>
    new PayDeliveryWorker({
      db: t.db,
      gameServer: t.app.pay.gameServer,
      log: silent,
      now: workerClock.now,
      ...(maxAttempts ? { maxAttempts } : {}),
    });

  /** The sandbox provider takes the payment; with `notifyUs` its notification reaches us too. */
  async function payAtProvider(payOrderNo: string, notifyUs: boolean) {
    const decided = await t.app.dev!.sandbox!.repo.decide(payOrderNo, {
      status: 'paid',
      eventId: `evt_${randomUUID()}`,
      notifyDueAt: new Date(Date.now() + 3_600_000),
      now: new Date(),
    });
    if (notifyUs) {
      const { body } = await notify(t.app, SandboxNotifier.bodyOf(decided!));
      if (body.result !== 'applied') throw new Error(`payment not applied: ${JSON.stringify(body)}`);
    }
  }

  const stateOf = async (orderNo: string) => {
    const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, orderNo));
    return row!.state;
  };
  const jobOf = async (orderNo: string) => {
    const [order] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, orderNo));
    const [job] = await t.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, order!.id));
    return job;
  };

  return {
    sim,
    worker,
    stateOf,
    jobOf,
    /** An order waiting for its payment (`paidAtProvider`: the provider has it, no notification came). */
    async awaiting(who: TestMember, paidAtProvider = false) {
      const created = await placeOrder(t.app, who, sfl);
      if (paidAtProvider) await payAtProvider(created.pay_order_no, false);
      return created;
    },
    /** A paid order whose credit reached the character. */
    async delivered(who: TestMember) {
      const created = await placeOrder(t.app, who, sfl);
      await payAtProvider(created.pay_order_no, true);
      await worker().runOnce();
      return created;
    },
    /** A paid order whose delivery the worker gave up on (the game server kept failing). */
    async stuck(who: TestMember) {
      const created = await placeOrder(t.app, who, sfl);
      await payAtProvider(created.pay_order_no, true);
      await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl, mid: who.mid });
      const giveUp = worker(2);
      for (let i = 0; i < 2; i += 1) {
        await giveUp.runOnce();
        workerClock.advance(3_600_000);
      }
      await sim.clearSwitches();
      if ((await jobOf(created.order_no))?.status !== 'dead') throw new Error('delivery not dead');
      return created;
    },
  };
}

/** What "Problem with this order?" submits: the form pre-filled for the order (game, type, order number). */
export function orderQuestion(ids: Awaited<ReturnType<typeof demoIds>>, orderNo: string, extra: object = {}) {
  return {
    game_base_id: ids.sfl,
    question_type: ids.type('payment'),
    order_no: orderNo,
    email: 'mali@example.com',
    question_title: `Problem with order ${orderNo}`.slice(0, 100),
    question_content: 'I paid and nothing arrived.',
    attachments: [],
    ...extra,
  };
}

/** Submits a question as the member (in `lang`); answers the envelope. */
export async function submitQuestion(app: FastifyInstance, who: TestMember, body: object, lang = 'en') {
  const { body: answer } = await caller(app).json(`/cs/komoe/api/work_order/create?lang=${lang}`, body, who);
  return answer;
}
