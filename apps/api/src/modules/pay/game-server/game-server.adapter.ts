/**
 * What the pay module needs from a game's servers (DESIGN section 6 "Pay"): which servers are up, a member's
 * characters, whether a character may be topped up, crediting a paid order, and finding or reversing that credit.
 * The app uses one implementation, the HTTP adapter (game-server.http-adapter.ts) of the game-server protocol
 * (game-server-protocol/openapi.yaml) that studios implement; the built-in simulator (game-server.simulator.ts)
 * implements this interface too and serves the protocol on a local port in development and tests
 * (game-sim-protocol.server.ts). Ids are the game server's own: `cp_server_id`, `cp_role_id`.
 */

/** A server as the game server reports it. */
export interface GameServerStatus {
  cpServerId: string;
  maintenance: boolean;
}

/** A member's character on one server. */
export interface GameCharacter {
  cpRoleId: string;
  roleName: string;
  level: number;
  canRecharge: boolean;
}

/** Who receives the credit of an order. */
export interface RechargeTarget {
  mid: number;
  gameBaseId: number;
  cpServerId: string;
  cpRoleId: string;
}

/** Why the game server refuses a top-up for a target. */
export type RechargeRefusal = 'server_missing' | 'maintenance' | 'character_missing' | 'cannot_recharge';

export type RechargeCheck = { ok: true; character: GameCharacter } | { ok: false; reason: RechargeRefusal };

export interface CreditDelivery extends RechargeTarget {
  /** The order number: delivering the same key again credits nothing and answers the first receipt. */
  idempotencyKey: string;
  productId: string;
  /** Game credit to add (bonus included), from the order's snapshot. */
  creditAmount: number;
}

export interface DeliveryReceipt {
  /** The game server's receipt number. */
  deliveryId: string;
  /** True when this key had been delivered before: nothing was credited this time. */
  duplicate: boolean;
  deliveredAt: Date;
}

/** A delivery as the game server keeps it. */
export interface DeliveryRecord {
  idempotencyKey: string;
  deliveryId: string;
  status: 'delivered' | 'reversed';
  mid: number;
  cpServerId: string;
  cpRoleId: string;
  productId: string;
  creditAmount: number;
  deliveredAt: Date;
  reversedAt: Date | null;
}

/**
 * A failure of the game server. `unavailable` is transient (retry later: a delivery worker backs off and tries
 * again); `rejected` is final for this request (a delivery worker dead-letters it).
 */
export class GameServerError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    readonly reason: string,
  ) {
    super(`game server ${kind}: ${reason}`);
    this.name = 'GameServerError';
  }

  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}

export interface GameServerAdapter {
  /** The game's servers; throws GameServerError('unavailable') when the game server does not answer. */
  listServers(gameBaseId: number): Promise<GameServerStatus[]>;
  /** The member's characters on one server (none on an unknown server); throws like listServers. */
  listCharacters(mid: number, gameBaseId: number, cpServerId: string): Promise<GameCharacter[]>;
  /** Whether the target may be topped up now, with the character when it may. Throws like listServers. */
  canRecharge(target: RechargeTarget): Promise<RechargeCheck>;
  /**
   * Credits the target once per idempotency key. Throws GameServerError: `unavailable` (try again), or `rejected`
   * (the target is gone, or the key was used for a different delivery).
   */
  deliverCredit(delivery: CreditDelivery): Promise<DeliveryReceipt>;
  /** The delivery of an idempotency key, or undefined when there is none. Throws like listServers. */
  queryDelivery(gameBaseId: number, idempotencyKey: string): Promise<DeliveryRecord | undefined>;
  /**
   * Takes a delivery's credit back, once: reversing again answers the same record. Throws GameServerError
   * `rejected` (`delivery_missing`) when there is no such delivery, `unavailable` to try again.
   */
  reverseDelivery(gameBaseId: number, idempotencyKey: string): Promise<DeliveryRecord>;
}
