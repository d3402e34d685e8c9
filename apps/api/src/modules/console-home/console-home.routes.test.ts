/**
 * The console home: each figure group only for the privilege behind it, numbers that match the tickets,
 * ratings and orders the test makes (counted against what the database held before, on the wall clock of the
 * agent's zone), and ratings that agents see only for their own tickets while a lead sees all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { HomeRatingsData, HomeTicketsData, HomeTopUpsData } from '@gp/contracts/console-home';
import { caller } from '../../../test/cs-fixtures.ts';
import { createDeskApp, deskCaller, openTicket, questionOf } from '../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { loginTestStaff, type TestStaff } from '../../../test/staff-session.ts';
import { csWorkOrder } from '../../db/schema/cs.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';
import { dayStart, dayStartAdd, hourMs } from './zoned-time.ts';

const tz = 'Asia/Bangkok';
const paths = {
  tickets: '/komoe/mng/home/tickets',
  topUps: '/komoe/mng/home/top_ups',
  ratings: '/komoe/mng/home/ratings',
  reply: '/komoe/mng/work_order/reply',
};

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let agent: TestStaff; // tickets only
let other: TestStaff; // tickets only
let lead: TestStaff; // tickets and the lead privilege
let payOps: TestStaff; // top-ups only
let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  t = await createDeskApp();
  desk = deskCaller(t.app);
  agent = await loginTestStaff(t.db, {
    accountName: 'Agent Mali',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  other = await loginTestStaff(t.db, {
    accountName: 'Agent Niran',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  lead = await loginTestStaff(t.db, { privileges: ['tickets.read', 'tickets.export'] });
  payOps = await loginTestStaff(t.db, { privileges: ['catalog'] });
  alice = await loginTestMember(t.db);
  bob = await loginTestMember(t.db);
});
afterAll(() => t.close());

const tickets = async (staff: TestStaff) =>
  (await desk.get<HomeTicketsData>(staff, paths.tickets, { tz })).data;
const topUps = async (staff: TestStaff) => (await desk.get<HomeTopUpsData>(staff, paths.topUps, { tz })).data;
const ratings = async (staff: TestStaff, query: Record<string, string | number> = {}) =>
  (await desk.get<HomeRatingsData>(staff, paths.ratings, { tz, ...query })).data;

async function answer(staff: TestStaff, id: number) {
  const res = await desk.post(staff, paths.reply, {
    work_order_id: id,
    reply_content: 'Solved.',
    reply_status: 2,
  });
  expect(res.code).toBe(0);
}

async function grade(member: TestMember, id: number, value: number, why: Record<string, string> = {}) {
  const { body } = await caller(t.app).form(
    '/cs/komoe/api/work_order/grade',
    { work_order_id: String(id), grade: String(value), ...why },
    member,
  );
  return body.code;
}

const minus = (after: number[], before: number[]) => after.map((n, i) => n - (before[i] ?? 0));

describe('who sees which figures', () => {
  it('answers each group only to the privilege behind it', async () => {
    expect((await desk.get(null, paths.tickets, { tz })).code).toBe(-101);

    expect((await desk.get(agent, paths.tickets, { tz })).code).toBe(0);
    expect((await desk.get(agent, paths.ratings, { tz })).code).toBe(0);
    expect((await desk.get(agent, paths.topUps, { tz })).code).toBe(-401);
    expect((await desk.get(payOps, paths.topUps, { tz })).code).toBe(0);
    expect((await desk.get(payOps, paths.tickets, { tz })).code).toBe(-401);
    expect((await desk.get(payOps, paths.ratings, { tz })).code).toBe(-401);
  });

  it('refuses a time zone it does not know with -400 naming tz', async () => {
    const res = await desk.get(agent, paths.tickets, { tz: 'Mars/Olympus' });
    expect(res).toMatchObject({ status: 400, code: -400, data: { fields: [{ field: 'tz' }] } });
  });
});

describe('home/tickets', () => {
  it('counts open tickets by state and game, lists the longest waiting, and counts per local hour', async () => {
    const before = await tickets(agent);
    const now = t.clock.now();
    const today = dayStart(now, tz);
    const lastWeek = dayStartAdd(now, tz, -7);
    const ids = t.ids;
    const a = await openTicket(t.app, alice, questionOf(ids));
    const b = await openTicket(
      t.app,
      alice,
      questionOf(ids, { game_base_id: ids.ltb, question_title: 'Wrong server' }),
    );
    const c = await openTicket(t.app, bob, questionOf(ids));
    await answer(agent, c);
    // a asked at 02:15 local today and has waited longest of all; b at 09:40; c a week ago at 09:05.
    const at = (start: Date, hours: number) => new Date(start.getTime() + hours * hourMs);
    await t.db
      .update(csWorkOrder)
      .set({ createdAt: at(today, 2.25), lastAskedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(csWorkOrder.id, a));
    await t.db
      .update(csWorkOrder)
      .set({ createdAt: at(today, 9.67) })
      .where(eq(csWorkOrder.id, b));
    await t.db
      .update(csWorkOrder)
      .set({ createdAt: at(lastWeek, 9.08) })
      .where(eq(csWorkOrder.id, c));

    const after = await tickets(agent);
    expect(after.day_start).toBe(today.toISOString());
    expect(after.last_week_start).toBe(lastWeek.toISOString());
    const state = (d: HomeTicketsData) => d.open_by_state.map((s) => s.count);
    expect(after.open_by_state.map((s) => s.status)).toEqual([0, 1, 2]);
    expect(minus(state(after), state(before))).toEqual([2, 0, 1]);
    const game = (d: HomeTicketsData, id: number) =>
      d.open_by_game.find((g) => g.game_base_id === id)?.count ?? 0;
    expect(game(after, ids.sfl) - game(before, ids.sfl)).toBe(2);
    expect(game(after, ids.ltb) - game(before, ids.ltb)).toBe(1);
    expect(after.open_by_game.find((g) => g.game_base_id === ids.ltb)?.game_name).toBeTruthy();

    expect(after.oldest_waiting[0]).toMatchObject({ work_order_id: a, work_order_status: 0 });
    expect(after.oldest_waiting.some((w) => w.work_order_id === c)).toBe(false);
    expect(after.waiting_total - before.waiting_total).toBe(2);

    const todayDelta = minus(after.today, before.today);
    const expected = new Array<number>(24).fill(0);
    expected[2] = 1;
    expected[9] = 1;
    // Tickets opened by other tests in this file (at the real time) are already in `before`.
    expect(todayDelta).toEqual(expected);
    const weekDelta = new Array<number>(24).fill(0);
    weekDelta[9] = 1;
    expect(minus(after.last_week, before.last_week)).toEqual(weekDelta);
    expect(after.today).toHaveLength(24);
  });
});

describe('home/ratings', () => {
  it('shows agents only their own ratings and a lead everyone’s, with the reasons of low ones', async () => {
    const ids = t.ids;
    const leadBefore = await ratings(lead);
    const mine1 = await openTicket(t.app, alice, questionOf(ids));
    const mine2 = await openTicket(t.app, bob, questionOf(ids, { game_base_id: ids.ltb }));
    const theirs = await openTicket(t.app, alice, questionOf(ids));
    await answer(agent, mine1);
    await answer(agent, mine2);
    await answer(other, theirs);
    expect(await grade(alice, mine1, 1)).toBe(-10008);
    expect(await grade(alice, mine1, 1, { reason: 'slow', comment: 'Two days for an answer.' })).toBe(0);
    expect(await grade(bob, mine2, 5)).toBe(0);
    expect(await grade(alice, theirs, 2, { reason: 'unclear' })).toBe(0);

    const own = await ratings(agent);
    expect(own.scope).toBe('own');
    expect(own.weeks).toHaveLength(8);
    expect(own.weeks.at(-1)).toMatchObject({ grades: [1, 0, 0, 0, 1], rated: 2, average: 3 });
    expect(own.weeks.slice(0, -1).every((w) => w.rated === 0)).toBe(true);
    expect(own.by_agent).toEqual([
      expect.objectContaining({ staff_id: agent.staffId, staff_name: 'Agent Mali', rated: 2 }),
    ]);
    expect(own.by_game.map((g) => [g.game_base_id, g.rated]).sort()).toEqual(
      [
        [ids.sfl, 1],
        [ids.ltb, 1],
      ].sort(),
    );
    expect(own.reasons).toEqual([
      { reason: 'slow', count: 1 },
      { reason: 'unsolved', count: 0 },
      { reason: 'unclear', count: 0 },
      { reason: 'unfriendly', count: 0 },
      { reason: 'other', count: 0 },
    ]);
    expect(own.low).toEqual([
      expect.objectContaining({
        work_order_id: mine1,
        grade: 1,
        reason: 'slow',
        comment: 'Two days for an answer.',
        staff_name: 'Agent Mali',
      }),
    ]);
    // Asking for another agent's changes nothing for a non-lead.
    expect(await ratings(agent, { staff_id: other.staffId })).toEqual(own);

    const all = await ratings(lead);
    expect(all.scope).toBe('all');
    expect(all.weeks.at(-1)!.rated - leadBefore.weeks.at(-1)!.rated).toBe(3);
    expect(all.by_agent.find((a) => a.staff_id === other.staffId)).toMatchObject({ grades: [0, 1, 0, 0, 0] });
    expect(all.low.map((l) => l.work_order_id)).toEqual(expect.arrayContaining([mine1, theirs]));
    const reason = (d: HomeRatingsData, r: string) => d.reasons.find((x) => x.reason === r)!.count;
    expect(reason(all, 'unclear') - reason(leadBefore, 'unclear')).toBe(1);
    const onlyOther = await ratings(lead, { staff_id: other.staffId });
    expect(onlyOther.by_agent.map((a) => a.staff_id)).toEqual([other.staffId]);
    expect(onlyOther.low.map((l) => l.work_order_id)).toEqual([theirs]);
    const onlyLtb = await ratings(lead, { game_base_id: ids.ltb });
    expect(onlyLtb.by_game.map((g) => g.game_base_id)).toEqual([ids.ltb]);
  });
});

describe('home/top_ups', () => {
  let sequence = 0;
  async function order(values: Partial<typeof payOrder.$inferInsert>) {
    sequence += 1;
    const [row] = await t.db
      .insert(payOrder)
      .values({
        orderNo: `GPTEST${randomBytes(6).toString('hex').toUpperCase()}${sequence}`,
        mid: alice.mid,
        variant: 'webpay',
        distributionRegion: 1,
        lang: 'en',
        gameBaseId: t.ids.sfl,
        gameId: 'sfl_sea',
        cpServerId: 's1',
        cpRoleId: 'r1',
        roleName: 'Mali',
        productId: 'gems_980',
        creditAmount: 980,
        price: 10_000,
        currency: 'THB',
        payMode: 12,
        paymentType: 'card',
        names: { game: { en: 'Sword Fantasy' }, server: {}, product: {}, channel: {} },
        provider: 'sandbox',
        expiresAt: new Date(Date.now() + 3_600_000),
        ...values,
      })
      .returning();
    return row!;
  }

  it('counts paid and credited per local hour and money per currency, and lists paid orders not credited', async () => {
    const before = await topUps(payOps);
    const now = t.clock.now();
    const today = dayStart(now, tz);
    const at = (hours: number) => new Date(today.getTime() + hours * hourMs);
    await order({ state: 'delivered', paidAt: at(3.1), deliveredAt: at(4.2) });
    const waiting = await order({ state: 'paid', paidAt: at(3.5), price: 5_000 });
    await order({
      state: 'delivered',
      currency: 'VND',
      price: 119_000,
      paidAt: at(23.9),
      deliveredAt: at(23.95),
    });
    // Paid yesterday and still delivering: stuck, but not today's money.
    const yesterday = await order({ state: 'delivering', paidAt: at(-2) });
    // Not paid, refunded: neither today's money (the refund was paid yesterday) nor stuck.
    await order({ state: 'awaiting_payment' });
    await order({ state: 'refunded', paidAt: at(-30), deliveredAt: at(-29) });

    const after = await topUps(payOps);
    expect(after.day_start).toBe(today.toISOString());
    const paid = new Array<number>(24).fill(0);
    paid[3] = 2;
    paid[23] = 1;
    expect(minus(after.paid, before.paid)).toEqual(paid);
    const credited = new Array<number>(24).fill(0);
    credited[4] = 1;
    credited[23] = 1;
    expect(minus(after.credited, before.credited)).toEqual(credited);

    const money = (d: HomeTopUpsData, c: string) =>
      d.money.find((m) => m.currency === c) ?? {
        paid_count: 0,
        paid_minor: 0,
        credited_count: 0,
        credited_minor: 0,
      };
    const thb = money(after, 'THB');
    const thbBefore = money(before, 'THB');
    expect(thb.paid_count - thbBefore.paid_count).toBe(2);
    expect(thb.paid_minor - thbBefore.paid_minor).toBe(15_000);
    expect(thb.credited_count - thbBefore.credited_count).toBe(1);
    expect(thb.credited_minor - thbBefore.credited_minor).toBe(10_000);
    expect(money(after, 'VND')).toMatchObject({ exponent: 0 });
    expect(money(after, 'VND').paid_minor - money(before, 'VND').paid_minor).toBe(119_000);

    expect(after.stuck_total - before.stuck_total).toBe(2);
    const stuck = after.stuck.map((s) => s.order_no);
    expect(stuck).toEqual(expect.arrayContaining([yesterday.orderNo, waiting.orderNo]));
    // Oldest payment first.
    expect(stuck.indexOf(yesterday.orderNo)).toBeLessThan(stuck.indexOf(waiting.orderNo));
    expect(after.stuck.find((s) => s.order_no === waiting.orderNo)).toMatchObject({
      state: 'paid',
      game_name: 'Sword Fantasy',
      price: 5_000,
      currency: 'THB',
      exponent: 2,
      paid_at: at(3.5).toISOString(),
    });
  });
});
