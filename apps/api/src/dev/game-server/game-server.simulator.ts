/**
 * The built-in game server (DESIGN section 6 "Pay"): it runs every server the publisher configured for a game,
 * gives each member the same characters on every call (derived from member, game and server), and keeps the
 * credit it receives, once per idempotency key.
 *
 * Switches (table game_sim_switch, set by tests and later by staff tools) produce every blocked case:
 *   servers_unavailable    listServers fails                  -> err8 on role_list and orders
 *   no_servers             the game has no server             -> err12
 *   server_maintenance     a server reports maintenance       -> is_maintenance: 1, err4 on orders
 *   server_missing         a server is no longer reported     -> hidden from role_list, err9 on orders
 *   characters_unavailable listCharacters fails               -> err10
 *   no_character           a member has no character          -> 17 on role_list (none anywhere), err11 on orders
 *   character_missing      a character is no longer reported  -> err11 on orders
 *   cannot_recharge        a character may not be topped up   -> can_recharge: 0, err5 on orders
 *   delivery_fails         deliverCredit fails (n times)      -> the delivery worker retries / dead-letters
 * A switch names a game and optionally a server, a member and a character; left out, it covers all of them.
 */
import * as pay from '../../modules/pay/index.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  GameServerSimRepository,
  type GameSimSwitchKind,
  type SimDeliveryRow,
  type SimSwitchKey,
  type SimSwitchRow,
} from './game-server-sim.repository.ts';

type SimState = Awaited<ReturnType<GameServerSimRepository['state']>>;

interface Scope {
  cpServerId?: string;
  mid?: number;
  cpRoleId?: string;
}

/** A switch covers a call when each of its scope columns is a wildcard or equals the call's value. */
function covers(row: SimSwitchRow, kind: GameSimSwitchKind, scope: Scope): boolean {
  return (
    row.kind === kind &&
    (row.cpServerId === '' || row.cpServerId === scope.cpServerId) &&
    (row.mid === 0 || row.mid === scope.mid) &&
    (row.cpRoleId === '' || row.cpRoleId === scope.cpRoleId)
  );
}

const digest = (...parts: (string | number)[]) => createHash('sha256').update(parts.join(':')).digest();

// prettier-ignore
const namePrefixes = [
  'Kai', 'Nara', 'Lin', 'Suda', 'Minh', 'Ari', 'Tala', 'Rizal', 'Mei', 'Anh',
  'Bao', 'Chai', 'Dara', 'Eka', 'Fen', 'Hana', 'Joko', 'Lani', 'Niran', 'Putri',
];
// prettier-ignore
const nameSuffixes = [
  'Blade', 'Star', 'Wind', 'Fang', 'Moon', 'Storm', 'Lotus', 'Tide', 'Ember', 'Frost',
  'Hawk', 'Rain', 'Sun', 'Wave', 'Jade', 'Spark',
];

/**
 * A member's characters on a server: 1-2 on the member's home server of the game, 0-2 on the others, so every
 * member has at least one character wherever the game has a server.
 */
export function simulatedCharacters(
  mid: number,
  gameBaseId: number,
  cpServerId: string,
  allServerIds: readonly string[],
): Omit<pay.GameCharacter, 'canRecharge'>[] {
  if (!allServerIds.includes(cpServerId)) return [];
  const home = allServerIds[digest('home', mid, gameBaseId).readUInt32BE(0) % allServerIds.length];
  const seed = digest('count', mid, gameBaseId, cpServerId)[0]!;
  const count = cpServerId === home ? 1 + (seed % 2) : seed % 3;
  return Array.from({ length: count }, (_, index) => {
    const d = digest('role', mid, gameBaseId, cpServerId, index);
    const head = 10_000 + (d.readUInt32BE(0) % 90_000);
    const tail = String(d.readUInt32BE(4) % 100_000).padStart(5, '0');
    return {
      cpRoleId: `${head}${tail}`,
      roleName: `${namePrefixes[d[8]! % namePrefixes.length]}${nameSuffixes[d[9]! % nameSuffixes.length]}`,
      level: 1 + (d[10]! % 90),
    };
  });
}

const samePayload = (row: SimDeliveryRow, d: pay.CreditDelivery) =>
  row.gameBaseId === d.gameBaseId &&
  row.cpServerId === d.cpServerId &&
  row.cpRoleId === d.cpRoleId &&
  row.mid === d.mid &&
  row.productId === d.productId &&
  row.creditAmount === d.creditAmount;

const recordOf = (row: SimDeliveryRow): pay.DeliveryRecord => ({
  idempotencyKey: row.idempotencyKey,
  deliveryId: row.deliveryId,
  status: row.reversedAt ? 'reversed' : 'delivered',
  mid: row.mid,
  cpServerId: row.cpServerId,
  cpRoleId: row.cpRoleId,
  productId: row.productId,
  creditAmount: row.creditAmount,
  deliveredAt: row.deliveredAt,
  reversedAt: row.reversedAt,
});

export class GameServerSimulator implements pay.GameServerAdapter {
  constructor(
    private readonly repo: GameServerSimRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async listServers(gameBaseId: number): Promise<pay.GameServerStatus[]> {
    return this.serversOf(await this.repo.state(gameBaseId));
  }

  async listCharacters(mid: number, gameBaseId: number, cpServerId: string): Promise<pay.GameCharacter[]> {
    return this.charactersOf(await this.repo.state(gameBaseId), mid, gameBaseId, cpServerId);
  }

  async canRecharge(target: pay.RechargeTarget): Promise<pay.RechargeCheck> {
    // One read of the game's state answers both questions: one round trip fewer per order.
    const state = await this.repo.state(target.gameBaseId);
    const server = this.serversOf(state).find((s) => s.cpServerId === target.cpServerId);
    if (!server) return { ok: false, reason: 'server_missing' };
    if (server.maintenance) return { ok: false, reason: 'maintenance' };
    const characters = this.charactersOf(state, target.mid, target.gameBaseId, target.cpServerId);
    const character = characters.find((c) => c.cpRoleId === target.cpRoleId);
    if (!character) return { ok: false, reason: 'character_missing' };
    if (!character.canRecharge) return { ok: false, reason: 'cannot_recharge' };
    return { ok: true, character };
  }

  private serversOf({ switches, serverIds }: SimState): pay.GameServerStatus[] {
    if (switches.some((s) => covers(s, 'servers_unavailable', {})))
      throw new pay.GameServerError('unavailable', 'servers');
    if (switches.some((s) => covers(s, 'no_servers', {}))) return [];
    return serverIds
      .filter((cpServerId) => !switches.some((s) => covers(s, 'server_missing', { cpServerId })))
      .map((cpServerId) => ({
        cpServerId,
        maintenance: switches.some((s) => covers(s, 'server_maintenance', { cpServerId })),
      }));
  }

  private charactersOf(
    { switches, serverIds }: SimState,
    mid: number,
    gameBaseId: number,
    cpServerId: string,
  ): pay.GameCharacter[] {
    const scope = { cpServerId, mid };
    if (switches.some((s) => covers(s, 'characters_unavailable', scope)))
      throw new pay.GameServerError('unavailable', 'characters');
    if (
      switches.some((s) => covers(s, 'no_servers', {}) || covers(s, 'server_missing', { cpServerId })) ||
      switches.some((s) => covers(s, 'no_character', scope))
    )
      return [];
    return simulatedCharacters(mid, gameBaseId, cpServerId, serverIds)
      .filter(
        (c) => !switches.some((s) => covers(s, 'character_missing', { ...scope, cpRoleId: c.cpRoleId })),
      )
      .map((c) => ({
        ...c,
        canRecharge: !switches.some((s) => covers(s, 'cannot_recharge', { ...scope, cpRoleId: c.cpRoleId })),
      }));
  }

  async deliverCredit(delivery: pay.CreditDelivery): Promise<pay.DeliveryReceipt> {
    const earlier = await this.repo.deliveryByKey(delivery.idempotencyKey);
    if (earlier) return this.repeat(earlier, delivery);

    const failing = (await this.repo.switches(delivery.gameBaseId)).find((s) =>
      covers(s, 'delivery_fails', delivery),
    );
    if (failing && (failing.remaining === null || (await this.repo.spendFailure(failing))))
      throw new pay.GameServerError('unavailable', 'delivery');

    const check = await this.canRecharge(delivery);
    if (!check.ok) {
      // Maintenance passes; a target that is gone or refuses top-ups will not change by retrying.
      throw new pay.GameServerError(
        check.reason === 'maintenance' ? 'unavailable' : 'rejected',
        check.reason,
      );
    }

    const row = await this.repo.insertDelivery({
      idempotencyKey: delivery.idempotencyKey,
      deliveryId: `sim_${randomBytes(12).toString('hex')}`,
      gameBaseId: delivery.gameBaseId,
      cpServerId: delivery.cpServerId,
      cpRoleId: delivery.cpRoleId,
      mid: delivery.mid,
      productId: delivery.productId,
      creditAmount: delivery.creditAmount,
    });
    if (row) return { deliveryId: row.deliveryId, duplicate: false, deliveredAt: row.deliveredAt };
    // Another delivery with this key won the race.
    const winner = await this.repo.deliveryByKey(delivery.idempotencyKey);
    if (!winner) throw new pay.GameServerError('unavailable', 'delivery');
    return this.repeat(winner, delivery);
  }

  async queryDelivery(gameBaseId: number, idempotencyKey: string): Promise<pay.DeliveryRecord | undefined> {
    const row = await this.repo.deliveryByKey(idempotencyKey);
    return row && row.gameBaseId === gameBaseId ? recordOf(row) : undefined;
  }

  async reverseDelivery(gameBaseId: number, idempotencyKey: string): Promise<pay.DeliveryRecord> {
    const found = await this.repo.deliveryByKey(idempotencyKey);
    if (!found || found.gameBaseId !== gameBaseId)
      throw new pay.GameServerError('rejected', 'delivery_missing');
    const row = await this.repo.reverse(idempotencyKey, this.now());
    return recordOf(row ?? found);
  }

  private repeat(earlier: SimDeliveryRow, delivery: pay.CreditDelivery): pay.DeliveryReceipt {
    if (!samePayload(earlier, delivery)) throw new pay.GameServerError('rejected', 'idempotency_conflict');
    return { deliveryId: earlier.deliveryId, duplicate: true, deliveredAt: earlier.deliveredAt };
  }

  // ---- Switches (tests now, staff tools later) ----

  setSwitch(key: SimSwitchKey, remaining: number | null = null): Promise<void> {
    return this.repo.setSwitch(key, remaining);
  }

  clearSwitch(key: SimSwitchKey): Promise<void> {
    return this.repo.clearSwitch(key);
  }

  clearSwitches(gameBaseId?: number): Promise<void> {
    return this.repo.clearAll(gameBaseId);
  }

  /** Credit a character received, oldest first. */
  deliveriesTo(target: { gameBaseId: number; cpServerId: string; cpRoleId: string }) {
    return this.repo.deliveriesTo(target);
  }
}

/** The built-in game server with its state on `db` (the standalone pay worker, tests of other modules). */
export function createGameServerSimulator(db: Db): GameServerSimulator {
  return new GameServerSimulator(new GameServerSimRepository(db));
}
