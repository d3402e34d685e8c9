/**
 * Game-server connections, their health and the servers their syncs write (pay-game-server.schema.ts,
 * pay_server). Secrets arrive and leave sealed: sealing is the service's.
 */
import { and, asc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payGameServer, payGameServerHealth } from '../../../db/schema/pay-game-server.schema.ts';
import { payGame, payServer, payServerI18n } from '../../../db/schema/pay.schema.ts';

export type GameServerConnectionRow = typeof payGameServer.$inferSelect;
export type GameServerHealthRow = typeof payGameServerHealth.$inferSelect;

export interface ListedServer {
  serverId: string;
  maintenance: boolean;
  name: string | undefined;
}

export class GameServerConnectionRepository {
  constructor(private readonly db: Db) {}

  async inCatalog(gameBaseId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: payGame.gameBaseId })
      .from(payGame)
      .where(eq(payGame.gameBaseId, gameBaseId))
      .limit(1);
    return rows.length > 0;
  }

  async connection(gameBaseId: number): Promise<GameServerConnectionRow | undefined> {
    const [row] = await this.db.select().from(payGameServer).where(eq(payGameServer.gameBaseId, gameBaseId));
    return row;
  }

  async connectionForUpdate(gameBaseId: number): Promise<GameServerConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payGameServer)
      .where(eq(payGameServer.gameBaseId, gameBaseId))
      .for('update');
    return row;
  }

  async saveConnection(values: typeof payGameServer.$inferInsert): Promise<GameServerConnectionRow> {
    const { gameBaseId: _key, createdAt: _created, ...changes } = values;
    const [row] = await this.db
      .insert(payGameServer)
      .values(values)
      .onConflictDoUpdate({ target: payGameServer.gameBaseId, set: changes })
      .returning();
    return row!;
  }

  /** Games with a saved connection. */
  async connectedGames(): Promise<number[]> {
    const rows = await this.db.select({ id: payGameServer.gameBaseId }).from(payGameServer);
    return rows.map((r) => r.id);
  }

  async health(gameBaseId: number): Promise<GameServerHealthRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payGameServerHealth)
      .where(eq(payGameServerHealth.gameBaseId, gameBaseId));
    return row;
  }

  async healthOf(gameBaseIds: readonly number[]): Promise<GameServerHealthRow[]> {
    if (gameBaseIds.length === 0) return [];
    return this.db
      .select()
      .from(payGameServerHealth)
      .where(inArray(payGameServerHealth.gameBaseId, [...gameBaseIds]));
  }

  async recordCheck(gameBaseId: number, at: Date, ok: boolean, failed: string | null): Promise<void> {
    const values = { checkedAt: at, checkOk: ok, checkFailed: failed, updatedAt: at };
    await this.db
      .insert(payGameServerHealth)
      .values({ gameBaseId, ...values })
      .onConflictDoUpdate({ target: payGameServerHealth.gameBaseId, set: values });
  }

  async recordSync(
    gameBaseId: number,
    at: Date,
    result: { ok: boolean; failed: string | null; listed: number | null; maintenance: number | null },
  ): Promise<void> {
    const values = {
      syncedAt: at,
      syncOk: result.ok,
      syncFailed: result.failed,
      // A failed sync keeps the counts of the last one that read the list.
      ...(result.ok ? { serversListed: result.listed, serversMaintenance: result.maintenance } : {}),
      updatedAt: at,
    };
    await this.db
      .insert(payGameServerHealth)
      .values({ gameBaseId, ...values })
      .onConflictDoUpdate({ target: payGameServerHealth.gameBaseId, set: values });
  }

  /** The game's servers with their names in `langs` (null: named in none of them), in catalog order. */
  async servers(gameBaseId: number, langs: readonly string[]) {
    return this.db
      .select({
        server: payServer,
        lang: payServerI18n.lang,
        name: payServerI18n.name,
      })
      .from(payServer)
      .leftJoin(
        payServerI18n,
        and(eq(payServerI18n.payServerId, payServer.id), inArray(payServerI18n.lang, [...langs])),
      )
      .where(eq(payServer.gameBaseId, gameBaseId))
      .orderBy(asc(payServer.sort), asc(payServer.id));
  }

  /**
   * Writes a server list the game server reported: new servers added after the others (named with the name it
   * reported, else their id), listed ones online with the maintenance it reports (and its name, when it gives
   * one), the game's servers it no longer lists offline. Nothing is deleted: orders keep naming them.
   */
  async applyServerList(
    gameBaseId: number,
    listed: readonly ListedServer[],
    now: Date,
  ): Promise<{ added: number; wentOffline: number }> {
    const existing = await this.db
      .select({ id: payServer.id, cpServerId: payServer.cpServerId, sort: payServer.sort })
      .from(payServer)
      .where(eq(payServer.gameBaseId, gameBaseId))
      .for('update');
    const byId = new Map(existing.map((r) => [r.cpServerId, r]));
    let sort = existing.reduce((max, r) => Math.max(max, r.sort), 0);
    let added = 0;
    for (const server of listed) {
      const known = byId.get(server.serverId);
      let id: number;
      if (known) {
        await this.db
          .update(payServer)
          .set({
            isOnline: true,
            reportedMaintenance: server.maintenance,
            reportedAt: now,
            updatedAt: now,
          })
          .where(eq(payServer.id, known.id));
        id = known.id;
      } else {
        sort += 10;
        const [row] = await this.db
          .insert(payServer)
          .values({
            gameBaseId,
            cpServerId: server.serverId,
            isOnline: true,
            reportedMaintenance: server.maintenance,
            reportedAt: now,
            sort,
          })
          .returning({ id: payServer.id });
        id = row!.id;
        added += 1;
      }
      if (server.name || !known)
        await this.db
          .insert(payServerI18n)
          .values({ payServerId: id, lang: 'en', name: server.name ?? server.serverId })
          .onConflictDoUpdate({
            target: [payServerI18n.payServerId, payServerI18n.lang],
            set: { name: sql`excluded.name` },
          });
    }
    const ids = listed.map((s) => s.serverId);
    const offline = await this.db
      .update(payServer)
      .set({ isOnline: false, updatedAt: now })
      .where(
        and(
          eq(payServer.gameBaseId, gameBaseId),
          eq(payServer.isOnline, true),
          ids.length > 0 ? notInArray(payServer.cpServerId, ids) : undefined,
        ),
      )
      .returning({ id: payServer.id });
    return { added, wentOffline: offline.length };
  }

  /**
   * Games whose game server is due for the daily job: synced never or before `dailyBefore`, or whose last
   * check or sync failed (or all servers were in maintenance) before `retryBefore`. From `games`.
   */
  async dueGames(games: readonly number[], dailyBefore: Date, retryBefore: Date): Promise<number[]> {
    if (games.length === 0) return [];
    const notDue = await this.db
      .select({ id: payGameServerHealth.gameBaseId })
      .from(payGameServerHealth)
      .where(
        and(
          inArray(payGameServerHealth.gameBaseId, [...games]),
          isNotNull(payGameServerHealth.syncedAt),
          sql`${payGameServerHealth.syncedAt} >= ${dailyBefore}`,
          // An unavailable game is tried again sooner: it may be back, and players wait for it.
          or(sql`not ${unavailableWhen()}`, sql`${payGameServerHealth.syncedAt} >= ${retryBefore}`),
        ),
      );
    const skip = new Set(notDue.map((r) => r.id));
    return games.filter((g) => !skip.has(g));
  }
}

/**
 * When a game is not offered to players for its game server's sake (the catalog's player reads use it too): its
 * last check or sync failed, or the game server reported every server under maintenance.
 */
export function unavailableWhen(h: typeof payGameServerHealth = payGameServerHealth) {
  return sql`(coalesce(${h.checkOk}, true) = false or coalesce(${h.syncOk}, true) = false or coalesce(${h.serversListed} > 0 and ${h.serversMaintenance} = ${h.serversListed}, false))`;
}
