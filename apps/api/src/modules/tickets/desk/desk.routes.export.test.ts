/**
 * Exports of the queue (a job made by the worker into .xlsx, a signed expiring link for the staff member who
 * asked) and the staff download of ticket attachments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { deskPolicy } from '@gp/contracts/desk';
import { caller, pngBytes } from '../../../../test/cs-fixtures.ts';
import { createDeskApp, deskCaller, deskPaths, openTicket, questionOf } from '../../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { loginTestStaff, type TestStaff } from '../../../../test/staff-session.ts';
import { csExportJob, csWorkOrder } from '../../../db/schema/cs.schema.ts';
import { staffAuditLog } from '../../../db/schema/staff.schema.ts';
import { staffCsrfCookie, staffSessionCookie } from '../../staff/index.ts';
import { DeskExportWorker, exportPolicy } from './desk-export.worker.ts';

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let worker: DeskExportWorker;
let exporter: TestStaff;
let colleague: TestStaff;
let reader: TestStaff;
let replier: TestStaff;
let alice: TestMember;
const inWindow: number[] = [];
let otherGame: number;

const day = 86_400_000;
const w0 = Date.parse('2024-09-01T00:00:00Z');
const range = { start_time: new Date(w0).toISOString(), end_time: new Date(w0 + 30 * day).toISOString() };
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createDeskApp();
  desk = deskCaller(t.app);
  worker = new DeskExportWorker({ db: t.db, log: quiet, now: t.clock.now });
  exporter = await loginTestStaff(t.db, { privileges: ['tickets.read', 'tickets.export'] });
  colleague = await loginTestStaff(t.db, { privileges: ['tickets.read', 'tickets.export'] });
  reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
  replier = await loginTestStaff(t.db, { accountName: 'Agent Mai', privileges: ['tickets.reply'] });
  alice = await loginTestMember(t.db, { nickName: 'alice_xl' });
  for (const [i, title] of ['=HYPERLINK("http://evil.example")', 'Second ticket', 'Third ticket'].entries()) {
    const id = await openTicket(t.app, alice, questionOf(t.ids, { question_title: title }), 'zh');
    await t.db
      .update(csWorkOrder)
      .set({ createdAt: new Date(w0 + (i + 1) * day), lastAskedAt: new Date(w0 + (i + 1) * day) })
      .where(eq(csWorkOrder.id, id));
    inWindow.push(id);
  }
  otherGame = await openTicket(
    t.app,
    alice,
    questionOf(t.ids, { game_base_id: t.ids.ltb, question_type: t.ids.type('account') }),
  );
  await t.db
    .update(csWorkOrder)
    .set({ createdAt: new Date(w0 + day) })
    .where(eq(csWorkOrder.id, otherGame));
  const answer = await desk.post(replier, deskPaths.reply, {
    work_order_id: inWindow[1],
    reply_content: 'Done.',
    reply_status: 2,
  });
  expect(answer.code).toBe(0);
});
afterAll(() => t.close());

interface Check {
  status: string;
  rows: number | null;
  download_url: string | null;
  expires_at: string | null;
}

async function start(who: TestStaff, filters: Record<string, unknown>, lang = 'zh') {
  return desk.post<{ task_id: string }>(who, deskPaths.exportStart, { ...filters, lang });
}
const check = (who: TestStaff, taskId: string) =>
  desk.get<Check>(who, deskPaths.exportCheck, { task_id: taskId });
const download = (url: string, cookies: Record<string, string> = exporter.cookies) =>
  t.app.inject({ method: 'GET', url: `/csmng${url}`, cookies });

/** Starts an export and runs the worker; answers the task id and a fresh link. */
async function exported(filters: Record<string, unknown>) {
  const started = await start(exporter, filters);
  expect(started.code, JSON.stringify(started)).toBe(0);
  expect((await worker.runOnce()).done).toBe(1);
  const checked = await check(exporter, started.data.task_id);
  expect(checked.code).toBe(0);
  return { taskId: started.data.task_id, checked: checked.data };
}

describe('export', () => {
  it('is made by the worker into a workbook with exactly the filtered rows, in the staff language', async () => {
    const started = await start(exporter, {
      ...range,
      game_base_id: t.ids.sfl,
      order_key: 'created_at',
      order_type: 'asc',
    });
    expect(started.code).toBe(0);
    const taskId = started.data.task_id;
    expect(taskId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await check(exporter, taskId)).data).toEqual({
      status: 'pending',
      rows: null,
      download_url: null,
      expires_at: null,
    });
    expect(await worker.runOnce()).toEqual({ done: 1, failed: 0 });
    const checked = (await check(exporter, taskId)).data;
    expect(checked).toMatchObject({ status: 'done', rows: 3 });
    expect(Date.parse(checked.expires_at!) - t.clock.now().getTime()).toBeGreaterThan(
      deskPolicy.exportLinkTtlMs - 5_000,
    );

    const res = await download(checked.download_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tickets-20\d{6}-\d{6}\.xlsx"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('no-store');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('客服單');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      '客服單編號',
      '狀態',
      '遊戲',
      '問題類型',
      '標題',
      'UID',
      '暱稱',
      '角色',
      '建立時間 (UTC)',
      '最近提問時間 (UTC)',
      '回覆時間 (UTC)',
      '客服人員',
      '評分',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((r) => values(r)[0])).toEqual(inWindow);
    const [first, second] = [values(2), values(3)];
    expect(first?.slice(0, 8)).toEqual([
      inWindow[0],
      '待回覆',
      '星隕傳說',
      expect.any(String),
      '=HYPERLINK("http://evil.example")',
      alice.mid,
      'alice_xl',
      'Mali (SFL10023)',
    ]);
    // A title that looks like a formula stays text.
    expect(sheet.getRow(2).getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(first[8]).toEqual(new Date(w0 + day));
    expect(second?.[1]).toBe('已回覆');
    expect(second?.[11]).toBe('Agent Mai');
    expect(second?.[10]).toBeInstanceOf(Date);

    const [audit] = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'ticket.export'));
    expect(audit).toMatchObject({
      actorStaffId: exporter.staffId,
      targetType: 'export',
      targetId: taskId,
      after: { rows: 3, filters: { game_base_id: t.ids.sfl, start_time: range.start_time } },
    });
  });

  it('refuses a tampered, an expired or another staff member’s link, and nobody logged in', async () => {
    const { taskId, checked } = await exported(range);
    const url = new URL(checked.download_url!, 'http://api');
    const edited = (key: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(key, value);
      return `${copy.pathname}${copy.search}`;
    };
    const sig = url.searchParams.get('sig')!;
    const refusedWith = async (res: Awaited<ReturnType<typeof download>>, status: number, code: number) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
    };
    await refusedWith(await download(edited('sig', `${sig.slice(0, -2)}AA`)), 403, -401);
    await refusedWith(
      await download(edited('expires', String(Number(url.searchParams.get('expires')) + 60_000))),
      403,
      -401,
    );
    const { taskId: otherTask } = await exported({ ...range, game_base_id: t.ids.ltb });
    await refusedWith(await download(edited('task_id', otherTask)), 403, -401);
    // The colleague may export too, but not through this link, and cannot see the task.
    await refusedWith(await download(checked.download_url!, colleague.cookies), 403, -401);
    expect((await check(colleague, taskId)).code).toBe(-404);
    // Without the export privilege, or without a session.
    await refusedWith(await download(checked.download_url!, reader.cookies), 403, -401);
    await refusedWith(await download(checked.download_url!, {}), 401, -101);
    await refusedWith(
      await download(checked.download_url!, { [staffSessionCookie]: 'nope', [staffCsrfCookie]: 'x' }),
      401,
      -101,
    );
    // The real link still works, until it expires; a fresh one can be asked for.
    expect((await download(checked.download_url!)).statusCode).toBe(200);
    t.clock.advance(deskPolicy.exportLinkTtlMs + 1);
    await refusedWith(await download(checked.download_url!), 403, -401);
    const fresh = (await check(exporter, taskId)).data;
    expect((await download(fresh.download_url!)).statusCode).toBe(200);
  });

  it('keeps the filters it was asked with, and the other game apart', async () => {
    const { checked } = await exported({ ...range, game_base_id: t.ids.ltb });
    expect(checked.rows).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(checked.download_url!)).rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe(otherGame);
    expect(workbook.worksheets[0]!.rowCount).toBe(2);
  });

  it('refuses a range over three months and a set over the row limit (-400), writing no job', async () => {
    const jobs = async () => (await t.db.select({ id: csExportJob.id }).from(csExportJob)).length;
    const before = await jobs();
    expect(
      await start(exporter, { start_time: '2024-01-01T00:00:00Z', end_time: '2024-04-02T00:00:00Z' }),
    ).toMatchObject({ code: -400, data: { fields: [{ field: 'end_time', code: 'range_too_long' }] } });
    const policy = deskPolicy as { maxExportRows: number };
    const limit = policy.maxExportRows;
    policy.maxExportRows = 2;
    try {
      expect(await start(exporter, range)).toMatchObject({
        code: -400,
        data: { fields: [{ field: 'end_time', code: 'too_many_rows' }] },
      });
    } finally {
      policy.maxExportRows = limit;
    }
    expect(await jobs()).toBe(before);
  });

  it('marks a job that keeps failing as failed after its attempts', async () => {
    await t.db.insert(csExportJob).values({
      id: 'broken-job-000000000000',
      staffId: exporter.staffId,
      lang: 'en',
      filters: {
        filter: { createdFrom: 'not a date', createdBefore: 'nor this' },
        order: { key: 'created_at', type: 'asc' },
        request: {},
      },
      createdAt: t.clock.now(),
    });
    for (let attempt = 1; attempt <= exportPolicy.maxAttempts; attempt += 1) {
      const round = await worker.runOnce();
      expect(round.failed).toBe(attempt === exportPolicy.maxAttempts ? 1 : 0);
      expect((await check(exporter, 'broken-job-000000000000')).data.status).toBe(
        attempt === exportPolicy.maxAttempts ? 'failed' : 'pending',
      );
      t.clock.advance(exportPolicy.retryAfterMs + 1);
    }
    const [row] = await t.db.select().from(csExportJob).where(eq(csExportJob.id, 'broken-job-000000000000'));
    expect(row).toMatchObject({ status: 'failed', attempts: exportPolicy.maxAttempts, bytes: null });
    expect(row?.error).toBeTruthy();
  });

  it('deletes jobs and their files a day after they were asked for', async () => {
    const { taskId } = await exported(range);
    const [job] = await t.db.select().from(csExportJob).where(eq(csExportJob.id, taskId));
    const madeAt = job!.createdAt.getTime();
    await worker.purge(new Date(madeAt + exportPolicy.keepMs - 1));
    expect((await check(exporter, taskId)).code).toBe(0);
    expect(await worker.purge(new Date(madeAt + exportPolicy.keepMs + 1))).toBeGreaterThan(0);
    expect((await check(exporter, taskId)).code).toBe(-404);
  });
});

describe('export worker in the API process', () => {
  it('makes the file right after the job is written', async () => {
    const live = await createDeskApp({ DESK_EXPORT_WORKER: 'true' });
    try {
      const staff = await loginTestStaff(live.db, { privileges: ['tickets.read', 'tickets.export'] });
      const member = await loginTestMember(live.db);
      await openTicket(live.app, member, questionOf(live.ids));
      const calls = deskCaller(live.app);
      const started = await calls.post<{ task_id: string }>(staff, deskPaths.exportStart, {});
      expect(started.code).toBe(0);
      let state: Check | undefined;
      for (let i = 0; i < 100 && state?.status !== 'done'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (await calls.get<Check>(staff, deskPaths.exportCheck, { task_id: started.data.task_id }))
          .data;
      }
      expect(state).toMatchObject({ status: 'done', rows: 1 });
    } finally {
      await live.close();
    }
  });
});

describe('staff attachment download', () => {
  it('serves a ticket file to staff who may read tickets, with the member download headers', async () => {
    const uploaded = await caller(t.app).upload([{ filename: 'proof.png', data: pngBytes(300) }], alice);
    const fileId = (uploaded.body.data as { file_id: string }).file_id;
    await openTicket(t.app, alice, questionOf(t.ids, { attachments: [fileId] }));
    const get = (cookies: Record<string, string>, id = fileId) =>
      t.app.inject({ method: 'GET', url: `/csmng/komoe/mng/work_order/file?file_id=${id}`, cookies });
    const res = await get(reader.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(res.headers['content-disposition']).toContain('inline; filename="proof.png"');
    expect(res.rawPayload.length).toBe(300);
    expect((await get(replier.cookies)).statusCode).toBe(403); // reply without read
    expect((await get({})).json()).toMatchObject({ code: -101 });
    expect((await get(reader.cookies, 'A'.repeat(24))).statusCode).toBe(403);
    expect((await get(reader.cookies, '../etc/passwd')).statusCode).toBe(403);
  });
});
