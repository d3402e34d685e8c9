/**
 * The ticket rules the staff desk will call (reply, change of state), the automatic close and the rating window,
 * driven directly with a controllable clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { csPolicy, workOrderStatus, type WorkOrderStatus } from '@gp/contracts/cs';
import { demoIds, pngBytes } from '../../../test/cs-fixtures.ts';
import { loginTestMember } from '../../../test/member-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { csFile, csWorkOrder, csWorkOrderMessage } from '../../db/schema/cs.schema.ts';
import { AppError } from '../../http/app-error.ts';
import { CsHousekeeping } from './tickets-housekeeping.job.ts';
import { UploadRepository } from './upload.repository.ts';
import { UploadService, unsentFileTtlMs } from './upload.service.ts';
import { WorkOrderService } from './work-order.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let mid: number;
const clock = new TestClock(new Date('2030-03-01T08:00:00Z'));
let service: WorkOrderService;
const agent = { staffId: 7, name: 'Agent Lan' };
const { noReply, processing, replied, closed } = workOrderStatus;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.db);
  mid = (await loginTestMember(t.db)).mid;
  service = new WorkOrderService(t.db, { now: clock.now });
});
afterAll(() => t.close());

const hours = (n: number) => n * 3_600_000;
const later = (ms: number) => clock.advance(ms);

async function newTicket(): Promise<number> {
  const { work_order_id } = await service.create(
    mid,
    {
      game_base_id: ids.msr,
      question_type: ids.type('bug'),
      email: 'racer@example.com',
      question_title: 'Race not recorded',
      question_content: 'My last race is missing.',
      attachments: [],
    },
    'vi',
  );
  return work_order_id;
}

async function row(id: number) {
  const [found] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, id));
  return found!;
}

/** The code a call is refused with (fails the test when it is not refused). */
async function refusal(work: Promise<unknown>): Promise<number> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('reply (staff)', () => {
  it('sets the state it names, records the agent and the state change on the message', async () => {
    const id = await newTicket();
    expect(await row(id)).toMatchObject({ status: noReply, lang: 'vi', source: 7, lastAskedAt: clock.now() });
    later(60_000);
    const { message_id } = await service.reply(id, agent, 'Đang kiểm tra.', processing);
    expect(await row(id)).toMatchObject({ status: processing, repliedAt: null, operatorName: 'Agent Lan' });
    later(60_000);
    await service.reply(id, agent, 'Đã khôi phục kết quả.', replied);
    expect(await row(id)).toMatchObject({ status: replied, repliedAt: clock.now(), operatorStaffId: 7 });
    const [message] = await t.db
      .select()
      .from(csWorkOrderMessage)
      .where(eq(csWorkOrderMessage.id, message_id));
    expect(message).toMatchObject({
      kind: 'reply',
      staffId: 7,
      staffName: 'Agent Lan',
      statusBefore: noReply,
      statusAfter: processing,
    });
  });

  it('is refused with -20003 on a closed ticket, which stays as it was', async () => {
    const id = await newTicket();
    await service.reply(id, agent, 'Fixed.', replied);
    await service.changeStatus(id, agent, closed);
    expect(await refusal(service.reply(id, agent, 'One more thing.', replied))).toBe(-20003);
    const messages = await t.db
      .select()
      .from(csWorkOrderMessage)
      .where(eq(csWorkOrderMessage.workOrderId, id));
    expect(messages.map((m) => m.kind)).toEqual(['question', 'reply']);
    expect((await row(id)).status).toBe(closed);
  });

  it('answers -404 for a ticket that does not exist', async () => {
    expect(await refusal(service.reply(9_999_999, agent, 'Hello', replied))).toBe(-404);
  });
});

describe('changeStatus (staff)', () => {
  it('never sets an answered ticket back to no reply (-20001)', async () => {
    const id = await newTicket();
    await service.reply(id, agent, 'Answer.', replied);
    expect(await refusal(service.changeStatus(id, agent, noReply))).toBe(-20001);
    // Still refused after a follow-up moved it on: it has been answered.
    await service.create(mid, { parent_work_order_id: id, question_content: 'Why?', attachments: [] }, 'en');
    expect((await row(id)).status).toBe(processing);
    expect(await refusal(service.changeStatus(id, agent, noReply))).toBe(-20001);
    expect((await row(id)).status).toBe(processing);
  });

  it('lets a ticket that was never answered go back from processing to no reply', async () => {
    const id = await newTicket();
    await service.changeStatus(id, agent, processing);
    await service.changeStatus(id, agent, noReply);
    expect((await row(id)).status).toBe(noReply);
  });

  it('treats closed as final (-20003) and records who closed it', async () => {
    const id = await newTicket();
    await service.changeStatus(id, agent, closed);
    expect(await row(id)).toMatchObject({ status: closed, closedBy: 'staff', closedAt: clock.now() });
    for (const to of [noReply, processing, replied] as WorkOrderStatus[]) {
      expect(await refusal(service.changeStatus(id, agent, to))).toBe(-20003);
    }
    await service.changeStatus(id, agent, closed); // closing again changes nothing
  });
});

describe('rating period', () => {
  it('accepts a rating until exactly the end of the period after the latest answer, then -10002', async () => {
    const id = await newTicket();
    await service.reply(id, agent, 'Answer.', replied);
    const answeredAt = clock.now();
    later(csPolicy.gradeWindowMs);
    expect(await service.grade(mid, id, { grade: 3 })).toEqual({
      work_order_id: id,
      grade: 3,
      reason: null,
      comment: null,
    });
    later(1);
    expect(await refusal(service.grade(mid, id, { grade: 4 }))).toBe(-10002);
    expect(await row(id)).toMatchObject({ grade: 3 });
    expect((await row(id)).repliedAt).toEqual(answeredAt);
  });

  it('starts again with a new answer after a follow-up', async () => {
    const id = await newTicket();
    await service.reply(id, agent, 'Answer.', replied);
    later(csPolicy.gradeWindowMs - hours(1));
    await service.create(mid, { parent_work_order_id: id, question_content: 'More?', attachments: [] }, 'en');
    expect(await refusal(service.grade(mid, id, { grade: 5 }))).toBe(-10001);
    later(hours(2));
    await service.reply(id, agent, 'Second answer.', replied);
    later(csPolicy.gradeWindowMs - 1);
    expect((await service.grade(mid, id, { grade: 5 })).grade).toBe(5);
  });

  it("refuses someone else's ticket with -401", async () => {
    const id = await newTicket();
    await service.reply(id, agent, 'Answer.', replied);
    const other = await loginTestMember(t.db);
    expect(await refusal(service.grade(other.mid, id, { grade: 5 }))).toBe(-401);
  });
});

describe('automatic close of quiet replied tickets', () => {
  it('closes replied tickets quiet for the period, and only those', async () => {
    const quiet = await newTicket();
    const recent = await newTicket();
    const waiting = await newTicket();
    const interim = await newTicket();
    await service.reply(quiet, agent, 'Answer.', replied);
    await service.reply(interim, agent, 'Checking.', processing);
    later(hours(2));
    await service.reply(recent, agent, 'Answer.', replied);
    later(csPolicy.autoCloseAfterMs - hours(1));

    // The quiet one has been quiet for the period plus an hour; the recent one an hour less than the period.
    const closedIds = await service.closeQuiet();
    expect(closedIds).toContain(quiet);
    expect(closedIds).not.toContain(recent);
    expect(await row(quiet)).toMatchObject({ status: closed, closedBy: 'auto', closedAt: clock.now() });
    expect((await row(recent)).status).toBe(replied);
    expect((await row(waiting)).status).toBe(noReply);
    expect((await row(interim)).status).toBe(processing);
    // Still ratable after the automatic close, within the rating period.
    expect((await service.grade(mid, quiet, { grade: 4 })).grade).toBe(4);

    later(hours(1));
    expect(await service.closeQuiet()).toContain(recent);
    expect(await service.closeQuiet()).toEqual([]);
  });

  it('runs as the housekeeping job, which also deletes uploads never sent within a day', async () => {
    const uploads = new UploadService(new UploadRepository(t.db), { now: clock.now });
    const stale = await uploads.receive(mid, new File([pngBytes()], 'old.png'));
    const id = await newTicket();
    await service.reply(id, agent, 'Answer.', replied);
    later(Math.max(unsentFileTtlMs, csPolicy.autoCloseAfterMs) + 1);
    const fresh = await uploads.receive(mid, new File([pngBytes()], 'new.png'));
    const logged: unknown[] = [];
    const job = new CsHousekeeping({
      workOrders: service,
      uploads,
      log: { info: (o: unknown) => logged.push(o), error: () => undefined },
      now: clock.now,
    });
    const result = await job.runOnce();
    expect(result.closed).toContain(id);
    expect(result.purged).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ id: csFile.id }).from(csFile)).map((f) => f.id);
    expect(left).toContain(fresh.file_id);
    expect(left).not.toContain(stale.file_id);
    expect(logged).toHaveLength(1);
  });

  it('starts with the app and stops with it', async () => {
    const job = new CsHousekeeping({
      workOrders: { closeQuiet: async () => [] },
      uploads: { purgeUnsent: async () => 0 },
      log: { info: () => undefined, error: () => undefined },
      now: clock.now,
      intervalMs: 5,
    });
    let runs = 0;
    const original = job.runOnce.bind(job);
    job.runOnce = async (now?: Date) => {
      runs++;
      return original(now);
    };
    job.start();
    const deadline = Date.now() + 5_000;
    while (runs < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await job.stop();
    const seen = runs;
    expect(seen).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(seen);
  });
});

describe('the stored answered flag (cs_work_order.answered, migrations 0032 and 0042)', () => {
  /** The flag from the thread: the latest message the member sees is a reply or an order note. */
  async function fromThread(id: number): Promise<boolean> {
    const rows = (await t.db.execute(
      sql`select kind from cs_work_order_message where work_order_id = ${id} and recalled_at is null order by id desc limit 1`,
    )) as unknown as { rows: { kind: string }[] };
    return rows.rows[0]?.kind === 'reply' || rows.rows[0]?.kind === 'order_note';
  }
  /** The stored flag, checked against the thread. */
  async function answered(id: number): Promise<boolean> {
    const stored = (await row(id)).answered;
    expect(stored).toBe(await fromThread(id));
    return stored;
  }

  it('follows the question, replies, follow-ups, recalls and order notes', async () => {
    const id = await newTicket();
    expect(await answered(id)).toBe(false);
    const interim = await service.reply(id, agent, 'Looking into it.', processing);
    expect(await answered(id)).toBe(true);
    later(1000);
    await service.recall(id, interim.message_id, agent);
    expect(await answered(id)).toBe(false);
    later(1000);
    await service.reply(id, agent, 'Fixed.', replied);
    expect(await answered(id)).toBe(true);
    later(1000);
    await service.create(
      mid,
      {
        game_base_id: ids.msr,
        question_type: ids.type('bug'),
        email: 'racer@example.com',
        question_title: 'Race not recorded',
        question_content: 'Still missing.',
        parent_work_order_id: id,
        attachments: [],
      },
      'vi',
    );
    expect((await row(id)).status).toBe(processing);
    expect(await answered(id)).toBe(false);
    later(1000);
    const last = await service.reply(id, agent, 'Restored now.', replied);
    expect(await answered(id)).toBe(true);
    // A follow-up, then an order note: the note answers the ticket like a reply.
    await t.db.update(csWorkOrder).set({ orderNo: 'P-ANSWERED-1' }).where(eq(csWorkOrder.id, id));
    await t.db
      .execute(sql`insert into cs_work_order_message (work_order_id, kind, content, status_before, status_after)
      values (${id}, 'follow_up', 'Still nothing?', 2, 1)`);
    await t.db.update(csWorkOrder).set({ status: processing }).where(eq(csWorkOrder.id, id));
    expect(await answered(id)).toBe(false);
    later(1000);
    const notedAt = clock.now();
    await service.addOrderNote(id, agent, {
      code: 'payment_found',
      order_no: 'P-ANSWERED-1',
      state: 'paid',
      at: notedAt.toISOString(),
    });
    expect(await answered(id)).toBe(true);
    expect(await row(id)).toMatchObject({ status: replied, repliedAt: notedAt });
    // Recalling the reply under the note leaves the note the latest answer.
    await service.recall(id, last.message_id, agent);
    expect(await answered(id)).toBe(true);
    expect(await row(id)).toMatchObject({ status: replied, repliedAt: notedAt });
  });

  it('follows statements that write many threads at once, and edits that leave the thread as it was', async () => {
    const a = await newTicket();
    const b = await newTicket();
    await t.db
      .execute(sql`insert into cs_work_order_message (work_order_id, kind, content, status_before, status_after)
      values (${a}, 'reply', 'one', 0, 2), (${b}, 'reply', 'two', 0, 2), (${b}, 'follow_up', 'three', 2, 1)`);
    expect(await answered(a)).toBe(true);
    expect(await answered(b)).toBe(false);
    // The privacy erasure empties the member's messages: the thread's order is unchanged.
    await t.db.update(csWorkOrderMessage).set({ content: '' }).where(eq(csWorkOrderMessage.workOrderId, b));
    expect(await answered(b)).toBe(false);
    await t.db
      .update(csWorkOrderMessage)
      .set({ recalledAt: clock.now() })
      .where(eq(csWorkOrderMessage.workOrderId, a));
    expect(await answered(a)).toBe(false);
  });
});
