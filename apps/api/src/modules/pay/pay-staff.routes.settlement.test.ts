/**
 * The settlement check for staff, with the sandbox provider (its own table is its list): "run now" finds a
 * payment the provider took whose notification never came, "ask the provider again" credits it once and
 * resolves the mismatch, "mark resolved" takes a note; every write audited; catalog privilege only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fullPath } from '@gp/contracts';
import * as settlementCalls from '@gp/contracts/pay-settlement';
import type { SettlementItem, SettlementPage, SettlementRun } from '@gp/contracts/pay-settlement';
import { staffPrivileges } from '@gp/contracts/staff';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { payTestEnv, placeOrder, rechargeableRole, orderRowOf } from '../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game } from '../../db/schema/game.schema.ts';
import { paySandboxPayment } from '../../db/schema/pay-order.schema.ts';
import { gameSimDelivery } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { utcDayOf } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  staff = await loginTestStaff(t.db, { accountId: 'settle.ops', privileges: ['catalog'] });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(() => t.close());

const base = '/csmng/komoe/mng/pay/settlement';
type Body<T> = { code: number; message: string; data: T };
const post = async <T>(path: string, body: object) =>
  (await staffPost(t.app, staff, `${base}${path}`, body)).json() as Body<T>;
const page = async (query: Record<string, string> = {}) =>
  (await staffGet(t.app, staff, `${base}/page`, query)).json() as Body<SettlementPage>;
const orderRow = (orderNo: string) => orderRowOf(t.db, orderNo);
const auditOf = (action: string) => t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action));

/** Pays at the sandbox with the notification held back (PAY_WORKER is off: it is never sent). */
async function paidSilently(tamper?: { amount: number }) {
  const created = await placeOrder(t.app, member, sfl, { overrides: role });
  if (tamper)
    await t.db
      .update(paySandboxPayment)
      .set({ amount: tamper.amount })
      .where(eq(paySandboxPayment.payOrderNo, created.pay_order_no));
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/sandbox/checkout/${created.pay_order_no}`,
    payload: 'action=pay_late&lang=en',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  return created;
}

describe('privileges', () => {
  it('every settlement call: -101 without a session, -401 without catalog; nothing written', async () => {
    const calls = Object.values(settlementCalls).filter(
      (value): value is typeof settlementCalls.payAdminSettlementRun =>
        typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
    );
    expect(calls).toHaveLength(4);
    const others = await loginTestStaff(t.db, {
      privileges: staffPrivileges.map((p) => p.name).filter((name) => name !== 'catalog'),
    });
    const before = (await t.db.select().from(staffAuditLog)).length;
    for (const call of calls) {
      const url = fullPath(call);
      const body = { day: utcDayOf(new Date()), id: 1, note: 'x' };
      const send = (who: TestStaff | null) =>
        call.method === 'GET' ? staffGet(t.app, who, url) : staffPost(t.app, who, url, body);
      expect((await send(null)).json().code, `${url} without a session`).toBe(-101);
      expect((await send(others)).json().code, `${url} without catalog`).toBe(-401);
    }
    expect(await t.db.select().from(staffAuditLog)).toHaveLength(before);
  });
});

describe('settlement', () => {
  it('runs now, lists the mismatches, asks the provider again (credited once, resolved) and resolves with a note', async () => {
    const lost = await paidSilently();
    const other = await paidSilently({ amount: 100 });
    const day = utcDayOf(new Date());

    expect(await post('/run', { day: '2999-01-01' })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'day', code: 'future' }] },
    });
    const ran = await post<SettlementRun[]>('/run', { day });
    expect(ran).toMatchObject({ code: 0, data: [{ provider: 'sandbox', day, mismatches: 2 }] });
    expect(await auditOf('pay.settlement.run')).toHaveLength(1);

    const open = await page();
    expect(open.data.runs).toMatchObject([{ provider: 'sandbox', day, mismatches: 2 }]);
    const byOrder = Object.fromEntries(open.data.list.map((m) => [m.order_no, m]));
    expect(byOrder[lost.order_no]).toMatchObject({
      kind: 'paid_not_here',
      provider_ref: lost.pay_order_no,
      order_state: 'awaiting_payment',
      provider_amount: 54_900,
      exponent: 2,
      resolved_at: null,
    });
    expect(byOrder[other.order_no]).toMatchObject({
      kind: 'amount_differs',
      order_amount: 54_900,
      provider_amount: 100,
    });

    // Ask the provider again: paid, credited by the worker once, the mismatch resolved with it.
    const again = await post<{ item: SettlementItem; answer: string; result: string }>('/recheck', {
      id: byOrder[lost.order_no]!.id,
    });
    expect(again).toMatchObject({
      code: 0,
      data: { answer: 'paid', result: 'applied', item: { resolved_by: 'Agent settle.ops' } },
    });
    expect(again.data.item.resolved_at).not.toBeNull();
    expect((await orderRow(lost.order_no)).state).toBe('paid');
    await t.app.pay.worker.runOnce();
    await post('/recheck', { id: byOrder[lost.order_no]!.id });
    await t.app.pay.worker.runOnce();
    const credits = await t.db
      .select()
      .from(gameSimDelivery)
      .where(eq(gameSimDelivery.idempotencyKey, lost.order_no));
    expect(credits).toHaveLength(1);
    const [rechecked] = await auditOf('pay.settlement.recheck');
    expect(rechecked).toMatchObject({
      targetId: lost.order_no,
      after: { answer: 'paid', result: 'applied' },
    });

    // The other amount is not credited by asking again: staff resolve it with what they did.
    const differs = byOrder[other.order_no]!.id;
    expect((await post<{ result: string }>('/recheck', { id: differs })).data.result).toBe('mismatch');
    expect((await orderRow(other.order_no)).state).toBe('awaiting_payment');
    expect(await post('/resolve', { id: differs, note: '  ' })).toMatchObject({ code: -400 });
    const resolved = await post<SettlementItem>('/resolve', {
      id: differs,
      note: 'refunded at the provider',
    });
    expect(resolved).toMatchObject({
      code: 0,
      data: { resolution_note: 'refunded at the provider', resolved_by: 'Agent settle.ops' },
    });
    expect(await post('/resolve', { id: differs, note: 'again' })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'id', code: 'not_open' }] },
    });
    expect(await post('/resolve', { id: 999_999, note: 'x' })).toMatchObject({ code: -404 });
    expect(await auditOf('pay.settlement.resolve')).toMatchObject([
      { targetId: String(differs), after: { note: 'refunded at the provider' } },
    ]);

    expect((await page()).data.list.map((m) => m.order_no)).not.toContain(other.order_no);
    expect((await page({ status: 'resolved' })).data.list.map((m) => m.order_no).sort()).toEqual(
      [lost.order_no, other.order_no].sort(),
    );
    // A run again finds the amount still different: open once more, as it should be, and nothing for the paid one.
    const rerun = await post<SettlementRun[]>('/run', { day });
    expect(rerun.data[0]).toMatchObject({ mismatches: 1 });
  });
});
