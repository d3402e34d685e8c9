/**
 * Waiting time: how long each ticket has waited for us (`waiting_since`) and the queue's sort by it, a ticket
 * found by its number (`work_order_id`) whenever it was created, and the first response time recorded once by
 * the first staff reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deskTicketDetail, deskTicketPageData, type DeskTicketPageData } from '@gp/contracts/desk';
import {
  createDeskApp,
  deskCaller,
  deskPaths,
  followUp,
  openTicket,
  questionOf,
} from '../../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { loginTestStaff, type TestStaff } from '../../../../test/staff-session.ts';
import { csWorkOrder } from '../../../db/schema/cs.schema.ts';

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let reader: TestStaff;
let mai: TestStaff;
let alice: TestMember;

const day = 86_400_000;
/** A window of the past that only this file's queue tickets live in. */
const w0 = Date.parse('2024-06-01T00:00:00Z');
const at = (days: number) => new Date(w0 + days * day);
const windowRange = { start_time: at(0).toISOString(), end_time: at(20).toISOString() };

/**
 * Old waits first: `old` waiting since day 1, `newer` since day 5, `followed` answered then followed up on day 8;
 * `answered` (a reply is the latest) and `closed` (closed without a reply) wait for nobody.
 */
const q = { old: 0, newer: 0, followed: 0, answered: 0, closed: 0 };

const reply = (who: TestStaff, id: number, content: string, status: 1 | 2) =>
  desk.post(who, deskPaths.reply, { work_order_id: id, reply_content: content, reply_status: status });

beforeAll(async () => {
  t = await createDeskApp();
  desk = deskCaller(t.app);
  reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
  mai = await loginTestStaff(t.db, {
    accountName: 'Agent Mai',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  alice = await loginTestMember(t.db);
  for (const key of Object.keys(q) as (keyof typeof q)[]) {
    q[key] = await openTicket(t.app, alice, questionOf(t.ids, { question_title: `Ticket ${key}` }));
  }
  expect((await reply(mai, q.answered, 'Delivered.', 2)).code).toBe(0);
  expect((await reply(mai, q.followed, 'Delivered.', 2)).code).toBe(0);
  await followUp(t.app, alice, q.followed, 'Still nothing.');
  const closed = await desk.post(mai, deskPaths.modify, { work_order_id: q.closed, work_order_status: 3 });
  expect(closed.code).toBe(0);

  const times: Record<keyof typeof q, number> = { old: 1, newer: 5, followed: 8, answered: 2, closed: 3 };
  for (const [key, lastAsked] of Object.entries(times)) {
    await t.db
      .update(csWorkOrder)
      .set({ createdAt: at(1), lastAskedAt: at(lastAsked) })
      .where(eq(csWorkOrder.id, q[key as keyof typeof q]));
  }
});
afterAll(() => t.close());

async function page(filters: Record<string, unknown>): Promise<DeskTicketPageData> {
  const res = await desk.post(reader, deskPaths.page, filters);
  expect(res.code, JSON.stringify(res)).toBe(0);
  return deskTicketPageData.parse(res.data);
}

describe('waiting time', () => {
  it('says since when each ticket has waited for us, and null for answered and closed ones', async () => {
    const { list } = await page(windowRange);
    const since = Object.fromEntries(list.map((r) => [r.work_order_id, r.waiting_since]));
    expect(since).toEqual({
      [q.old]: at(1).toISOString(),
      [q.newer]: at(5).toISOString(),
      [q.followed]: at(8).toISOString(),
      [q.answered]: null,
      [q.closed]: null,
    });
  });

  it('sorts the longest wait first (not waiting last), and the reverse', async () => {
    const desc = await page({ ...windowRange, order_key: 'waiting', order_type: 'desc' });
    expect(desc.list.map((r) => r.work_order_id)).toEqual([
      q.old,
      q.newer,
      q.followed,
      // Not waiting: the id breaks the tie, in the same direction.
      Math.max(q.answered, q.closed),
      Math.min(q.answered, q.closed),
    ]);
    const asc = await page({ ...windowRange, order_key: 'waiting', order_type: 'asc' });
    expect(asc.list.map((r) => r.work_order_id)).toEqual([
      Math.min(q.answered, q.closed),
      Math.max(q.answered, q.closed),
      q.followed,
      q.newer,
      q.old,
    ]);
  });
});

describe('finding a ticket by its number', () => {
  it('finds it whenever it was created when no range is given, and keeps a range that is', async () => {
    // Created in 2024: far outside the default three months up to now.
    const found = await page({ work_order_id: q.newer });
    expect(found.list.map((r) => r.work_order_id)).toEqual([q.newer]);
    expect(found.total).toBe(1);
    const inRange = await page({ ...windowRange, work_order_id: q.newer });
    expect(inRange.list.map((r) => r.work_order_id)).toEqual([q.newer]);
    const outside = await page({
      start_time: at(30).toISOString(),
      end_time: at(40).toISOString(),
      work_order_id: q.newer,
    });
    expect(outside).toMatchObject({ list: [], total: 0 });
    expect((await page({ work_order_id: 2_000_000 })).total).toBe(0);
  });

  it('combines with the other filters and refuses a number that is not one (-400)', async () => {
    expect((await page({ work_order_id: q.closed, work_order_status: 0 })).total).toBe(0);
    expect((await page({ work_order_id: q.closed, work_order_status: 3 })).total).toBe(1);
    expect((await desk.post(reader, deskPaths.page, { work_order_id: 'abc' })).code).toBe(-400);
  });
});

describe('first response time', () => {
  async function detail(id: number) {
    const res = await desk.get(reader, deskPaths.detail, { work_order_id: id });
    expect(res.code).toBe(0);
    return deskTicketDetail.parse(res.data);
  }

  it('is recorded by the first staff reply and never changed by later ones', async () => {
    const id = await openTicket(t.app, alice, questionOf(t.ids));
    expect((await detail(id)).first_replied_at).toBeNull();
    const first = t.clock.now();
    expect((await reply(mai, id, 'Looking into it.', 1)).code).toBe(0);
    expect((await detail(id)).first_replied_at).toBe(first.toISOString());

    t.clock.advance(10 * 60_000);
    expect((await reply(mai, id, 'Delivered now.', 2)).code).toBe(0);
    await followUp(t.app, alice, id, 'Thanks, one more thing.');
    t.clock.advance(10 * 60_000);
    expect((await reply(mai, id, 'Sure.', 2)).code).toBe(0);
    const after = await detail(id);
    expect(after.first_replied_at).toBe(first.toISOString());
    expect(after.replied_at).not.toBe(first.toISOString());
  });
});
