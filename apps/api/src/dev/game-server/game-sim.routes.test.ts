/** The built-in game server's dev console: switches set and cleared over HTTP act on the simulator. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/test-app.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { game } from '../../db/schema/game.schema.ts';
import { GameServerSimRepository } from './game-server-sim.repository.ts';
import { GameServerSimulator } from './game-server.simulator.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sim: GameServerSimulator;
let sfl: number;
beforeAll(async () => {
  t = await createTestApp();
  sim = new GameServerSimulator(new GameServerSimRepository(t.db));
  const [row] = await t.db.select().from(game).where(eq(game.gameId, 'sfl_sea'));
  sfl = row!.gameBaseId;
});
afterAll(() => t.close());

const mid = 5150;

async function target() {
  for (const cpServerId of ['1001', '1002', '1003']) {
    const [character] = await sim.listCharacters(mid, sfl, cpServerId);
    if (character) return { mid, gameBaseId: sfl, cpServerId, cpRoleId: character.cpRoleId };
  }
  throw new Error('the member has no character');
}

describe('dev game-server console', () => {
  it('sets and clears a switch for one character', async () => {
    const to = await target();
    const key = { kind: 'cannot_recharge', game_base_id: sfl, mid, cp_role_id: to.cpRoleId };
    const set = await t.app.inject({ method: 'POST', url: '/dev/game-sim/switch', payload: key });
    expect(set.json()).toMatchObject({ code: 0 });
    expect(await sim.canRecharge(to)).toEqual({ ok: false, reason: 'cannot_recharge' });
    await t.app.inject({ method: 'POST', url: '/dev/game-sim/switch/clear', payload: key });
    expect(await sim.canRecharge(to)).toMatchObject({ ok: true });
  });

  it('counts failures of a delivery switch and lists the credit a character received', async () => {
    const to = await target();
    await t.app.inject({
      method: 'POST',
      url: '/dev/game-sim/switch',
      payload: { kind: 'delivery_fails', game_base_id: sfl, mid, remaining: 1 },
    });
    const delivery = { ...to, idempotencyKey: 'SIMDEV1', productId: 'p1', creditAmount: 90 };
    await expect(sim.deliverCredit(delivery)).rejects.toMatchObject({ kind: 'unavailable' });
    await sim.deliverCredit(delivery);
    const listed = await t.app.inject({
      url: `/dev/game-sim/deliveries?game_base_id=${sfl}&cp_server_id=${to.cpServerId}&cp_role_id=${to.cpRoleId}`,
    });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ order_no: 'SIMDEV1', credit_amount: 90, reversed_at: null }),
    ]);
  });

  it('refuses a switch it does not know', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/game-sim/switch',
      payload: { kind: 'free_gems', game_base_id: sfl },
    });
    expect(res.statusCode).toBe(400);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp(productionEnv);
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/dev/game-sim/switch',
        payload: { kind: 'no_servers', game_base_id: sfl },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
