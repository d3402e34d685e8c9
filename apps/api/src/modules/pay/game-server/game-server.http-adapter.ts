/**
 * The pay module's game server over HTTP: the game-server protocol (game-server-protocol/openapi.yaml) that
 * studios implement, and that the built-in simulator serves in development and tests, so the path tested is the
 * path production takes.
 *
 * Every call is signed with the game's key (protocol-signature.ts) and bounded by `timeoutMs`; every answer must
 * carry a valid signature of the same key, or it is not believed. All calls of the protocol are idempotent (reads,
 * a recharge check, a delivery keyed by the order number, a reversal), so a timeout, a network error or a 5xx is
 * retried `retries` times with growing backoff; after that the call fails `unavailable` ("try again later": the
 * delivery worker backs off and retries). 4xx answers are the protocol's refusals, mapped to the interface's
 * refusal reasons (and so to the pay codes in pay-character.service.ts / the worker's dead letters).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../../config/clock.ts';
import {
  GameServerError,
  type CreditDelivery,
  type DeliveryReceipt,
  type DeliveryRecord,
  type GameCharacter,
  type GameServerAdapter,
  type GameServerStatus,
  type RechargeCheck,
  type RechargeRefusal,
  type RechargeTarget,
} from './game-server.adapter.ts';
import {
  isWireError,
  protocolPaths,
  type ProtocolErrorCode,
  type WireCharacter,
  type WireDelivery,
  type WireServer,
} from './protocol/protocol.ts';
import {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signedHeaders,
  verifySignature,
  type ProtocolKeys,
} from './protocol/protocol-signature.ts';

/** Where a game's server answers and the key we sign with. */
export interface GameServerEndpoint {
  baseUrl: string;
  keyId: string;
  secret: string;
  /** During a key rotation: the other key, whose signatures on answers are believed too (we sign with `keyId`). */
  acceptKeys?: ProtocolKeys;
}

export interface HttpGameServerOptions {
  /** The game's endpoint; undefined when the game has none (its calls fail `unavailable`). */
  endpoint: (gameBaseId: number) => GameServerEndpoint | undefined | Promise<GameServerEndpoint | undefined>;
  now: Clock;
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts after a timeout, network error or 5xx. Default 2. */
  retries?: number;
  /** Wait before retry n (1, 2, ...). Default 200 ms, 400 ms, ... */
  backoffMs?: (retry: number) => number;
  fetch?: typeof fetch;
}

/** A protocol refusal (4xx in the error shape). */
class Refused extends Error {
  constructor(readonly code: ProtocolErrorCode) {
    super(code);
  }
}

const refusalReasons: readonly string[] = [
  'server_missing',
  'maintenance',
  'character_missing',
  'cannot_recharge',
] satisfies RechargeRefusal[];

const characterOf = (c: WireCharacter): GameCharacter => ({
  cpRoleId: String(c.role_id),
  roleName: String(c.role_name),
  level: Number(c.level),
  canRecharge: c.can_recharge === true,
});

const recordOf = (d: WireDelivery): DeliveryRecord => ({
  idempotencyKey: d.order_no,
  deliveryId: d.delivery_id,
  status: d.status === 'reversed' ? 'reversed' : 'delivered',
  mid: d.mid,
  cpServerId: d.server_id,
  cpRoleId: d.role_id,
  productId: d.product_id,
  creditAmount: d.credit_amount,
  deliveredAt: new Date(d.delivered_at),
  reversedAt: d.reversed_at ? new Date(d.reversed_at) : null,
});

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export class HttpGameServerAdapter implements GameServerAdapter {
  private readonly fetch: typeof fetch;
  private readonly retries: number;
  private readonly backoffMs: (retry: number) => number;

  constructor(private readonly options: HttpGameServerOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? ((n) => 200 * 2 ** (n - 1));
  }

  async listServers(gameBaseId: number): Promise<GameServerStatus[]> {
    const answer = await this.unrefused(
      this.call<{ servers: WireServer[] }>(gameBaseId, 'GET', protocolPaths.servers(gameBaseId)),
      'servers',
    );
    if (!Array.isArray(answer.servers))
      throw new GameServerError('unavailable', 'servers: unreadable answer');
    return answer.servers.map((s) => ({
      cpServerId: String(s.server_id),
      maintenance: s.maintenance === true,
    }));
  }

  async listCharacters(mid: number, gameBaseId: number, cpServerId: string): Promise<GameCharacter[]> {
    const path = protocolPaths.characters(gameBaseId, cpServerId, mid);
    let answer: { characters: WireCharacter[] };
    try {
      answer = await this.call(gameBaseId, 'GET', path);
    } catch (error) {
      // The interface: no characters on a server the game does not know.
      if (error instanceof Refused && error.code === 'server_missing') return [];
      throw this.unavailable(error, 'characters');
    }
    if (!Array.isArray(answer.characters))
      throw new GameServerError('unavailable', 'characters: unreadable answer');
    return answer.characters.map(characterOf);
  }

  async canRecharge(target: RechargeTarget): Promise<RechargeCheck> {
    try {
      const answer = await this.call<{ character: WireCharacter }>(
        target.gameBaseId,
        'POST',
        protocolPaths.rechargeCheck(target.gameBaseId),
        { mid: target.mid, server_id: target.cpServerId, role_id: target.cpRoleId },
      );
      return { ok: true, character: characterOf(answer.character) };
    } catch (error) {
      if (error instanceof Refused && refusalReasons.includes(error.code))
        return { ok: false, reason: error.code as RechargeRefusal };
      throw this.unavailable(error, 'recharge check');
    }
  }

  async deliverCredit(delivery: CreditDelivery): Promise<DeliveryReceipt> {
    try {
      const answer = await this.call<WireDelivery & { duplicate: boolean }>(
        delivery.gameBaseId,
        'PUT',
        protocolPaths.delivery(delivery.gameBaseId, delivery.idempotencyKey),
        {
          mid: delivery.mid,
          server_id: delivery.cpServerId,
          role_id: delivery.cpRoleId,
          product_id: delivery.productId,
          credit_amount: delivery.creditAmount,
        },
      );
      if (answer.order_no !== delivery.idempotencyKey || !answer.delivery_id)
        throw new GameServerError('unavailable', 'delivery: answer is not about this order');
      return {
        deliveryId: answer.delivery_id,
        duplicate: answer.duplicate === true,
        deliveredAt: new Date(answer.delivered_at),
      };
    } catch (error) {
      // Maintenance passes; a target that is gone, refuses top-ups, or a key used for another delivery does not.
      if (error instanceof Refused && error.code !== 'maintenance')
        throw new GameServerError('rejected', error.code);
      throw this.unavailable(error, 'delivery');
    }
  }

  async queryDelivery(gameBaseId: number, idempotencyKey: string): Promise<DeliveryRecord | undefined> {
    try {
      return recordOf(
        await this.call<WireDelivery>(gameBaseId, 'GET', protocolPaths.delivery(gameBaseId, idempotencyKey)),
      );
    } catch (error) {
      if (error instanceof Refused && error.code === 'delivery_missing') return undefined;
      throw this.unavailable(error, 'query delivery');
    }
  }

  async reverseDelivery(gameBaseId: number, idempotencyKey: string): Promise<DeliveryRecord> {
    try {
      return recordOf(
        await this.call<WireDelivery>(
          gameBaseId,
          'POST',
          protocolPaths.reversal(gameBaseId, idempotencyKey),
          {},
        ),
      );
    } catch (error) {
      if (error instanceof Refused && error.code === 'delivery_missing')
        throw new GameServerError('rejected', 'delivery_missing');
      throw this.unavailable(error, 'reverse delivery');
    }
  }

  /** Anything but a GameServerError already: the game server is not usable now. */
  private unavailable(error: unknown, what: string): GameServerError {
    if (error instanceof GameServerError) return error;
    if (error instanceof Refused) return new GameServerError('unavailable', `${what}: ${error.code}`);
    return new GameServerError(
      'unavailable',
      `${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  private async unrefused<T>(work: Promise<T>, what: string): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw this.unavailable(error, what);
    }
  }

  /**
   * One protocol call: signed, timed out, retried on timeouts / network errors / 5xx, the answer's signature
   * checked. Resolves the 2xx body; throws Refused for a 4xx in the error shape, GameServerError otherwise.
   */
  private async call<T>(gameBaseId: number, method: string, path: string, payload?: object): Promise<T> {
    let endpoint: GameServerEndpoint | undefined;
    try {
      endpoint = await this.options.endpoint(gameBaseId);
    } catch (error) {
      throw this.unavailable(error, 'game server endpoint');
    }
    if (!endpoint)
      throw new GameServerError('unavailable', `no game server configured for game ${gameBaseId}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const url = endpoint.baseUrl.replace(/\/+$/, '') + path;
    const target = new URL(url);
    const signedPath = target.pathname + target.search;
    let lastProblem = '';
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      if (attempt > 0) await sleep(this.backoffMs(attempt));
      let status: number;
      let text: string;
      let headers: Headers;
      try {
        const response = await this.fetch(url, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...signedHeaders(endpoint, this.options.now().getTime(), (ts) =>
              requestCanonical(ts, method, signedPath, body),
            ),
          },
          ...(body ? { body } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs),
          redirect: 'error',
        });
        status = response.status;
        headers = response.headers;
        text = await response.text();
      } catch (error) {
        lastProblem = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'not reachable';
        continue;
      }
      // A 5xx in the error shape is the game server's considered "unavailable, try later": the caller's own
      // backoff (the delivery worker's minutes) respects it; a bare 5xx (a proxy in front, a crash) is retried.
      const shaped = status >= 500 && isWireError(jsonOrUndefined(text));
      if (status >= 500 && !shaped) {
        lastProblem = `answered ${status}`;
        continue;
      }
      const verdict = verifySignature(
        { ...endpoint.acceptKeys, [endpoint.keyId]: endpoint.secret },
        {
          keyId: headers.get(protocolHeaders.keyId),
          timestamp: headers.get(protocolHeaders.timestamp),
          signature: headers.get(protocolHeaders.signature),
        },
        this.options.now().getTime(),
        (ts) => answerCanonical(ts, status, method, signedPath, text),
      );
      if (!verdict.ok) {
        // A 401 of ours may come unsigned (the server does not know our key): say so, it is the likelier story.
        const hint =
          status === 401 ? `refused our signature (${text.slice(0, 200)})` : `answer ${verdict.reason}`;
        throw new GameServerError('unavailable', hint);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new GameServerError('unavailable', `answered ${status} without JSON`);
      }
      if (status >= 200 && status < 300) return json as T;
      if (status >= 500 && isWireError(json)) throw new GameServerError('unavailable', json.error.message);
      if (status >= 400 && isWireError(json)) throw new Refused(json.error.code);
      throw new GameServerError('unavailable', `answered ${status}`);
    }
    throw new GameServerError('unavailable', lastProblem);
  }
}
