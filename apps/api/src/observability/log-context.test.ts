/**
 * One order's life in the logs (log-context.ts, the pay module's lines): every line about the order carries its
 * number, and a line written while a request was handled carries that request's id, once, whichever logger wrote
 * it; what the runbook's "Follow one order" greps for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { game } from '../db/schema/game.schema.ts';
import { SandboxNotifier } from '../dev/sandbox/sandbox-provider.ts';
import { loginTestMember } from '../../test/member-session.ts';
import { notify, payTestEnv, placeOrder, rechargeableRole } from '../../test/pay-steps.ts';
import { createLoggedTestApp } from '../../test/test-app.ts';

type Line = Record<string, unknown> & { msg?: string; reqId?: string; orderNo?: string };
let t: Awaited<ReturnType<typeof createLoggedTestApp>>;
let app: Awaited<ReturnType<typeof createLoggedTestApp>>['app'];
let raw: string[];
const lines = (): Line[] => raw.map((l) => JSON.parse(l) as Line);
beforeAll(async () => {
  t = await createLoggedTestApp(payTestEnv);
  app = t.app;
  raw = t.lines;
});
afterAll(() => t.close());

/** The id of the one request to `path` among the lines. */
function requestTo(path: string): string {
  const incoming = lines().filter(
    (l) => l.msg === 'incoming request' && String((l.req as { url?: string })?.url).startsWith(path),
  );
  expect(incoming, `one request to ${path}`).toHaveLength(1);
  return incoming[0]!.reqId!;
}

describe('one order in the logs', () => {
  it('is found by its number from placing to credit, each line with the request that wrote it', async () => {
    const sfl = (await app.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
    const member = await loginTestMember(app.db);
    const role = await rechargeableRole(app, member, sfl);
    raw.length = 0;

    const created = await placeOrder(app, member, sfl, {
      overrides: { cp_server_id: role.cpServerId, cp_role_id: role.cpRoleId },
    });
    const placing = requestTo('/pay/api/komoe/webpay/add_order');
    const decided = await app.dev!.sandbox!.repo.decide(created.pay_order_no, {
      status: 'paid',
      eventId: `evt_${randomUUID()}`,
      notifyDueAt: new Date(Date.now() + 3_600_000),
      now: new Date(),
    });
    expect((await notify(app, SandboxNotifier.bodyOf(decided!))).body.result).toBe('applied');
    const notifying = requestTo('/pay/notify/sandbox');
    while ((await app.pay.worker.runOnce()).tried > 0);

    const ofOrder = lines().filter((l) => l.orderNo === created.order_no);
    expect(ofOrder.map((l) => [l.msg, l.reqId ?? null])).toEqual([
      ['order placed', placing],
      ['payment created', placing],
      ['payment notification', notifying],
      // The worker's own round: no request.
      ['credit delivered', null],
    ]);
    // A request's own lines name it once: the app's logger adds the id only where the line's logger has none.
    for (const line of raw.filter((l) => l.includes(placing)))
      expect(line.match(/"reqId"/g), line).toHaveLength(1);
    expect(
      lines()
        .filter((l) => l.reqId === placing)
        .map((l) => l.msg),
    ).toEqual(
      expect.arrayContaining(['incoming request', 'order placed', 'payment created', 'request completed']),
    );
  });
});
