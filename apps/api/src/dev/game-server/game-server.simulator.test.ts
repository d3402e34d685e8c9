/** The built-in game server: deterministic characters, switches, and credit delivered once per key. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { game } from '../../db/schema/game.schema.ts';
import { gameSimDelivery } from '../../db/schema/pay.schema.ts';
import { GameServerError, type CreditDelivery, type GameCharacter } from '../../modules/pay/index.ts';
import { GameServerSimRepository } from './game-server-sim.repository.ts';
import { GameServerSimulator, simulatedCharacters } from './game-server.simulator.ts';

let database: Database;
let sim: GameServerSimulator;
let sfl: number;
beforeAll(async () => {
  database = await openTestDatabase();
  sim = new GameServerSimulator(new GameServerSimRepository(database.db));
  const [row] = await database.db.select().from(game).where(eq(game.gameId, 'sfl_sea'));
  sfl = row!.gameBaseId;
});
afterEach(() => sim.clearSwitches());
afterAll(() => database.close());

const mid = 4242;
const servers = ['1001', '1002', '1003'];

/** The member's first character and the server it is on. */
async function firstCharacter(forMid = mid): Promise<{ cpServerId: string; character: GameCharacter }> {
  for (const cpServerId of servers) {
    const [character] = await sim.listCharacters(forMid, sfl, cpServerId);
    if (character) return { cpServerId, character };
  }
  throw new Error('no character');
}

async function refusal(work: Promise<unknown>): Promise<[string, string] | 'ok'> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof GameServerError) return [error.kind, error.reason];
    throw error;
  }
}

describe('simulatedCharacters', () => {
  it('is deterministic and gives every member 1-2 characters on a home server', () => {
    for (let m = 1; m <= 300; m++) {
      const perServer = servers.map((s) => simulatedCharacters(m, sfl, s, servers));
      expect(perServer).toEqual(servers.map((s) => simulatedCharacters(m, sfl, s, servers)));
      const total = perServer.flat().length;
      expect(total, `member ${m}`).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(2 + 2 * 2);
      const ids = perServer.flat().map((c) => c.cpRoleId);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('knows nobody on a server the game does not run', () => {
    expect(simulatedCharacters(1, sfl, '9999', servers)).toEqual([]);
    expect(simulatedCharacters(1, sfl, '1001', [])).toEqual([]);
  });
});

describe('servers and characters', () => {
  it('runs the servers of the catalog and reports switches on them', async () => {
    expect(await sim.listServers(sfl)).toEqual(
      servers.map((cpServerId) => ({ cpServerId, maintenance: false })),
    );
    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl, cpServerId: '1003' });
    await sim.setSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId: '1001' });
    expect(await sim.listServers(sfl)).toEqual([
      { cpServerId: '1002', maintenance: false },
      { cpServerId: '1003', maintenance: true },
    ]);
    await sim.setSwitch({ kind: 'no_servers', gameBaseId: sfl });
    expect(await sim.listServers(sfl)).toEqual([]);
    await sim.setSwitch({ kind: 'servers_unavailable', gameBaseId: sfl });
    expect(await refusal(sim.listServers(sfl))).toEqual(['unavailable', 'servers']);
  });

  it('scopes member switches to that member', async () => {
    await sim.setSwitch({ kind: 'no_character', gameBaseId: sfl, mid });
    for (const s of servers) expect(await sim.listCharacters(mid, sfl, s)).toEqual([]);
    expect((await firstCharacter(mid + 1)).character.canRecharge).toBe(true);
    await sim.setSwitch({ kind: 'characters_unavailable', gameBaseId: sfl, mid: mid + 1 });
    const failure = await refusal(sim.listCharacters(mid + 1, sfl, '1001'));
    expect(failure).toEqual(['unavailable', 'characters']);
  });

  it('answers canRecharge with the reason the game server refuses', async () => {
    const { cpServerId, character } = await firstCharacter();
    const target = { mid, gameBaseId: sfl, cpServerId, cpRoleId: character.cpRoleId };
    expect(await sim.canRecharge(target)).toEqual({ ok: true, character });
    expect(await sim.canRecharge({ ...target, cpServerId: '9999' })).toEqual({
      ok: false,
      reason: 'server_missing',
    });
    expect(await sim.canRecharge({ ...target, cpRoleId: '1234567890' })).toEqual({
      ok: false,
      reason: 'character_missing',
    });
    expect(await sim.canRecharge({ ...target, mid: mid + 7 })).toMatchObject({ ok: false });
    await sim.setSwitch({ kind: 'cannot_recharge', gameBaseId: sfl, mid, cpRoleId: character.cpRoleId });
    expect(await sim.canRecharge(target)).toEqual({ ok: false, reason: 'cannot_recharge' });
    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl, cpServerId });
    expect(await sim.canRecharge(target)).toEqual({ ok: false, reason: 'maintenance' });
    await sim.setSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId });
    expect(await sim.canRecharge(target)).toEqual({ ok: false, reason: 'server_missing' });
  });
});

describe('deliverCredit', () => {
  let n = 0;
  async function delivery(overrides: Partial<CreditDelivery> = {}): Promise<CreditDelivery> {
    const { cpServerId, character } = await firstCharacter();
    n += 1;
    return {
      idempotencyKey: `ORDER-${Date.now()}-${n}`,
      mid,
      gameBaseId: sfl,
      cpServerId,
      cpRoleId: character.cpRoleId,
      productId: 'sfl_sea.gem_980',
      creditAmount: 1090,
      ...overrides,
    };
  }
  const rowsFor = (key: string) =>
    database.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, key));

  it('credits once per key; a repeat answers the first receipt', async () => {
    const d = await delivery();
    const first = await sim.deliverCredit(d);
    expect(first).toMatchObject({
      duplicate: false,
      deliveryId: expect.stringMatching(/^sim_[a-f0-9]{24}$/),
    });
    const again = await sim.deliverCredit(d);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await rowsFor(d.idempotencyKey)).toHaveLength(1);
    const received = await sim.deliveriesTo(d);
    expect(received.filter((r) => r.idempotencyKey === d.idempotencyKey)).toHaveLength(1);
    expect(received.at(-1)).toMatchObject({ creditAmount: 1090, productId: 'sfl_sea.gem_980', mid });
  });

  it('credits once when 50 deliveries of one key race', async () => {
    const d = await delivery();
    const receipts = await Promise.all(Array.from({ length: 50 }, () => sim.deliverCredit(d)));
    expect(receipts.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(receipts.map((r) => r.deliveryId)).size).toBe(1);
    expect(await rowsFor(d.idempotencyKey)).toHaveLength(1);
  });

  it('refuses a key reused for a different delivery', async () => {
    const d = await delivery();
    await sim.deliverCredit(d);
    expect(await refusal(sim.deliverCredit({ ...d, creditAmount: 99999 }))).toEqual([
      'rejected',
      'idempotency_conflict',
    ]);
  });

  it('fails as often as delivery_fails says, then delivers', async () => {
    const d = await delivery();
    await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl }, 2);
    expect(await refusal(sim.deliverCredit(d))).toEqual(['unavailable', 'delivery']);
    expect(await refusal(sim.deliverCredit(d))).toEqual(['unavailable', 'delivery']);
    expect(await sim.deliverCredit(d)).toMatchObject({ duplicate: false });
    expect(await sim.deliverCredit(d)).toMatchObject({ duplicate: true });
  });

  it('fails until cleared without a count, and the error says it is worth retrying', async () => {
    const d = await delivery();
    await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl, cpServerId: d.cpServerId });
    for (let i = 0; i < 3; i++) {
      const error = await sim.deliverCredit(d).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GameServerError);
      expect((error as GameServerError).retryable).toBe(true);
    }
    await sim.clearSwitch({ kind: 'delivery_fails', gameBaseId: sfl, cpServerId: d.cpServerId });
    expect(await sim.deliverCredit(d)).toMatchObject({ duplicate: false });
  });

  it('rejects a target that is gone or refuses top-ups; waits out maintenance', async () => {
    expect(await refusal(sim.deliverCredit(await delivery({ cpRoleId: '1000000000' })))).toEqual([
      'rejected',
      'character_missing',
    ]);
    const d = await delivery();
    await sim.setSwitch({ kind: 'cannot_recharge', gameBaseId: sfl, mid });
    expect(await refusal(sim.deliverCredit(d))).toEqual(['rejected', 'cannot_recharge']);
    await sim.clearSwitches();
    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl, cpServerId: d.cpServerId });
    expect(await refusal(sim.deliverCredit(d))).toEqual(['unavailable', 'maintenance']);
    await sim.clearSwitches();
    expect(await sim.deliverCredit(d)).toMatchObject({ duplicate: false });
  });

  it('answers a delivered key as a repeat even after the character is gone', async () => {
    const d = await delivery();
    await sim.deliverCredit(d);
    await sim.setSwitch({ kind: 'character_missing', gameBaseId: sfl, cpRoleId: d.cpRoleId });
    expect(await sim.deliverCredit(d)).toMatchObject({ duplicate: true });
  });
});
