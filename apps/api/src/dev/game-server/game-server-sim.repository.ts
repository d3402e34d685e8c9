/** The simulated game server's own state: its switches and the credit it received. */
import { and, asc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  gameSimDelivery,
  gameSimSwitch,
  gameSimSwitchKinds,
  payServer,
  type GameSimSwitchKind,
} from '../../db/schema/pay.schema.ts';

export { gameSimSwitchKinds, type GameSimSwitchKind };

export type SimSwitchRow = typeof gameSimSwitch.$inferSelect;
export type SimDeliveryRow = typeof gameSimDelivery.$inferSelect;

/** Which switch: a kind for a game, narrowed by server, member and character ('' / 0 = all of them). */
export interface SimSwitchKey {
  kind: GameSimSwitchKind;
  gameBaseId: number;
  cpServerId?: string;
  mid?: number;
  cpRoleId?: string;
}

const keyValues = (key: SimSwitchKey) => ({
  kind: key.kind,
  gameBaseId: key.gameBaseId,
  cpServerId: key.cpServerId ?? '',
  mid: key.mid ?? 0,
  cpRoleId: key.cpRoleId ?? '',
});

function keyWhere(key: SimSwitchKey): SQL {
  const v = keyValues(key);
  return and(
    eq(gameSimSwitch.kind, v.kind),
    eq(gameSimSwitch.gameBaseId, v.gameBaseId),
    eq(gameSimSwitch.cpServerId, v.cpServerId),
    eq(gameSimSwitch.mid, v.mid),
    eq(gameSimSwitch.cpRoleId, v.cpRoleId),
  )!;
}

export class GameServerSimRepository {
  /**
   * `servers`: a game server of its own (the standalone simulator, game-sim.cli.ts) runs these servers for every
   * game; without it, the simulator runs every server the publisher configured for the game.
   */
  constructor(
    private readonly db: Db,
    private readonly servers?: readonly string[],
  ) {}

  /**
   * The game's switches, and the ids of the servers the simulated game server runs (every server the publisher
   * configured for the game), in one statement: each game-server call of an order asked for both, one after the
   * other, a round trip each.
   */
  async state(gameBaseId: number): Promise<{ switches: SimSwitchRow[]; serverIds: string[] }> {
    const rows = await this.db
      .select({
        switch: gameSimSwitch,
        serverIds: sql<string[]>`array(select ${payServer.cpServerId} from ${payServer}
          where ${payServer.gameBaseId} = ${gameBaseId} order by ${payServer.sort}, ${payServer.id})`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(gameSimSwitch, eq(gameSimSwitch.gameBaseId, gameBaseId));
    return {
      switches: rows.flatMap((r) => (r.switch ? [r.switch] : [])),
      serverIds: this.servers ? [...this.servers] : (rows[0]?.serverIds ?? []),
    };
  }

  async switches(gameBaseId: number): Promise<SimSwitchRow[]> {
    return this.db.select().from(gameSimSwitch).where(eq(gameSimSwitch.gameBaseId, gameBaseId));
  }

  /** Turns a switch on (again); `remaining` limits delivery_fails to that many failures. */
  async setSwitch(key: SimSwitchKey, remaining: number | null = null): Promise<void> {
    await this.db
      .insert(gameSimSwitch)
      .values({ ...keyValues(key), remaining })
      .onConflictDoUpdate({
        target: [
          gameSimSwitch.kind,
          gameSimSwitch.gameBaseId,
          gameSimSwitch.cpServerId,
          gameSimSwitch.mid,
          gameSimSwitch.cpRoleId,
        ],
        set: { remaining },
      });
  }

  async clearSwitch(key: SimSwitchKey): Promise<void> {
    await this.db.delete(gameSimSwitch).where(keyWhere(key));
  }

  /** Turns every switch off, of one game or of all. */
  async clearAll(gameBaseId?: number): Promise<void> {
    await this.db
      .delete(gameSimSwitch)
      .where(gameBaseId === undefined ? undefined : eq(gameSimSwitch.gameBaseId, gameBaseId));
  }

  /**
   * Uses up one failure of a counted switch. Answers whether this caller got one: concurrent callers never spend
   * the same failure twice. A switch whose failures are spent is removed.
   */
  async spendFailure(key: SimSwitchKey): Promise<boolean> {
    const where = keyWhere(key);
    const [row] = await this.db
      .update(gameSimSwitch)
      .set({ remaining: sql`${gameSimSwitch.remaining} - 1` })
      .where(and(where, isNotNull(gameSimSwitch.remaining), gt(gameSimSwitch.remaining, 0)))
      .returning({ remaining: gameSimSwitch.remaining });
    await this.db.delete(gameSimSwitch).where(and(where, lte(gameSimSwitch.remaining, 0)));
    return !!row;
  }

  async deliveryByKey(idempotencyKey: string): Promise<SimDeliveryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(gameSimDelivery)
      .where(eq(gameSimDelivery.idempotencyKey, idempotencyKey));
    return row;
  }

  /** Records a delivery unless its key is taken; answers the new row, or undefined when the key was taken. */
  async insertDelivery(values: typeof gameSimDelivery.$inferInsert): Promise<SimDeliveryRow | undefined> {
    const [row] = await this.db.insert(gameSimDelivery).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Marks a delivery reversed unless it already is; answers the row as it stands, or undefined without one. */
  async reverse(idempotencyKey: string, now: Date): Promise<SimDeliveryRow | undefined> {
    await this.db
      .update(gameSimDelivery)
      .set({ reversedAt: now })
      .where(and(eq(gameSimDelivery.idempotencyKey, idempotencyKey), isNull(gameSimDelivery.reversedAt)));
    return this.deliveryByKey(idempotencyKey);
  }

  /** Deliveries to one character, oldest first. */
  async deliveriesTo(target: { gameBaseId: number; cpServerId: string; cpRoleId: string }) {
    return this.db
      .select()
      .from(gameSimDelivery)
      .where(
        and(
          eq(gameSimDelivery.gameBaseId, target.gameBaseId),
          eq(gameSimDelivery.cpServerId, target.cpServerId),
          eq(gameSimDelivery.cpRoleId, target.cpRoleId),
        ),
      )
      .orderBy(asc(gameSimDelivery.deliveredAt), asc(gameSimDelivery.idempotencyKey));
  }
}
