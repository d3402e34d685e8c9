/**
 * The built-in game server over the game-server protocol (game-server-protocol/openapi.yaml): the simulator
 * (game-server.simulator.ts, its switches and deliveries in the database, the dev console's switches included)
 * answers signed requests on its own loopback port, so the API reaches it through the same HTTP adapter and
 * signatures as a studio's server. Development and tests only (GAME_SIM; refused in production).
 */
import * as pay from '../../modules/pay/index.ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { GameServerSimRepository } from './game-server-sim.repository.ts';
import { GameServerSimulator } from './game-server.simulator.ts';

export interface GameSimProtocolServerOptions {
  db: Db;
  /** Key id -> secret the server accepts (several: rotation). */
  keys: pay.ProtocolKeys;
  now: Clock;
  port: number;
  host?: string;
  /** The servers it runs for every game (a standalone game server); default: the publisher's (payServer). */
  servers?: readonly string[];
  /** TLS (a standalone game server in the production-shaped journey, where the API takes https only). */
  https?: { key: string; cert: string };
}

export interface GameSimProtocolServer {
  /** The protocol's base URL; starts listening on first use. */
  url(): Promise<string>;
  close(): Promise<void>;
}

const id = z.string().min(1).max(64);
const orderNo = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const gameParam = z.coerce.number().int().positive().max(2_147_483_647);
const checkBody = z.object({ mid: z.number().int().positive(), server_id: id, role_id: id });
const deliveryBody = checkBody.extend({
  product_id: id,
  credit_amount: z.number().int().positive().max(2_147_483_647),
});

class Refusal extends Error {
  constructor(readonly code: pay.ProtocolErrorCode) {
    super(code);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Refusal('bad_request');
  return result.data;
}

/** What a game-server failure is on the wire. */
function refusalOf(error: pay.GameServerError): pay.ProtocolErrorCode {
  if (error.reason === 'maintenance') return 'maintenance';
  if (error.kind === 'unavailable') return 'unavailable';
  return Object.hasOwn(pay.protocolErrors, error.reason)
    ? (error.reason as pay.ProtocolErrorCode)
    : 'bad_request';
}

export const wireDelivery = (d: pay.DeliveryRecord): pay.WireDelivery => ({
  order_no: d.idempotencyKey,
  delivery_id: d.deliveryId,
  status: d.status,
  mid: d.mid,
  server_id: d.cpServerId,
  role_id: d.cpRoleId,
  product_id: d.productId,
  credit_amount: d.creditAmount,
  delivered_at: d.deliveredAt.toISOString(),
  reversed_at: d.reversedAt?.toISOString() ?? null,
});

/** The protocol's routes over a simulator (also what a studio's server does, in miniature). */
export function buildGameSimProtocolApp(options: Omit<GameSimProtocolServerOptions, 'port' | 'host'>) {
  const { keys, now } = options;
  const sim = new GameServerSimulator(new GameServerSimRepository(options.db, options.servers), now);
  const app = options.https
    ? (Fastify({ logger: false, https: options.https }) as unknown as FastifyInstance)
    : Fastify({ logger: false });
  const signedBy = new WeakMap<FastifyRequest, string>();

  // The signature covers the body exactly as sent: keep it as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const bodyOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const jsonOf = (request: FastifyRequest): unknown => {
    try {
      return JSON.parse(bodyOf(request)) as unknown;
    } catch {
      throw new Refusal('bad_request');
    }
  };

  app.addHook('preHandler', async (request, reply) => {
    const verdict = pay.verifySignature(
      keys,
      {
        keyId: request.headers[pay.protocolHeaders.keyId],
        timestamp: request.headers[pay.protocolHeaders.timestamp],
        signature: request.headers[pay.protocolHeaders.signature],
      },
      now().getTime(),
      (ts) => pay.requestCanonical(ts, request.method, request.url, bodyOf(request)),
    );
    if (!verdict.ok) {
      // Which key signed is unknown or unproven: the refusal goes out under the key id it named, if we hold it.
      const named = request.headers[pay.protocolHeaders.keyId];
      if (typeof named === 'string' && Object.hasOwn(keys, named)) signedBy.set(request, named);
      return send(reply, verdict.reason);
    }
    signedBy.set(request, verdict.keyId);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const keyId = signedBy.get(request);
    if (!keyId) return payload;
    const body = typeof payload === 'string' ? payload : '';
    reply.headers(
      pay.signedHeaders({ keyId, secret: keys[keyId]! }, now().getTime(), (ts) =>
        pay.answerCanonical(ts, reply.statusCode, request.method, request.url, body),
      ),
    );
    return payload;
  });

  const send = (reply: FastifyReply, code: pay.ProtocolErrorCode, message?: string) =>
    reply.status(pay.protocolErrors[code].status).type('application/json').send(pay.errorBody(code, message));

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof Refusal) return send(reply, error.code);
    if (error instanceof pay.GameServerError) return send(reply, refusalOf(error), error.reason);
    if ((error as { statusCode?: number }).statusCode === 400) return send(reply, 'bad_request');
    return send(reply, 'unavailable');
  });
  app.setNotFoundHandler((_request, reply) => send(reply, 'bad_request'));

  type GameParams = { game: string };
  app.get<{ Params: GameParams }>('/v1/games/:game/servers', async (request) => {
    const servers = await sim.listServers(parse(gameParam, request.params.game));
    return { servers: servers.map((s) => ({ server_id: s.cpServerId, maintenance: s.maintenance })) };
  });

  app.get<{ Params: GameParams & { server: string; mid: string } }>(
    '/v1/games/:game/servers/:server/members/:mid/characters',
    async (request) => {
      const characters = await sim.listCharacters(
        parse(z.coerce.number().int().positive(), request.params.mid),
        parse(gameParam, request.params.game),
        parse(id, request.params.server),
      );
      return {
        characters: characters.map((c) => ({
          role_id: c.cpRoleId,
          role_name: c.roleName,
          level: c.level,
          can_recharge: c.canRecharge,
        })),
      };
    },
  );

  app.post<{ Params: GameParams }>('/v1/games/:game/recharge-checks', async (request) => {
    const body = parse(checkBody, jsonOf(request));
    const check = await sim.canRecharge({
      mid: body.mid,
      gameBaseId: parse(gameParam, request.params.game),
      cpServerId: body.server_id,
      cpRoleId: body.role_id,
    });
    if (!check.ok) throw new Refusal(check.reason);
    const c = check.character;
    return {
      character: { role_id: c.cpRoleId, role_name: c.roleName, level: c.level, can_recharge: c.canRecharge },
    };
  });

  type OrderParams = GameParams & { order: string };
  app.put<{ Params: OrderParams }>('/v1/games/:game/deliveries/:order', async (request, reply) => {
    const game = parse(gameParam, request.params.game);
    const key = parse(orderNo, request.params.order);
    const body = parse(deliveryBody, jsonOf(request));
    const receipt = await sim.deliverCredit({
      idempotencyKey: key,
      gameBaseId: game,
      mid: body.mid,
      cpServerId: body.server_id,
      cpRoleId: body.role_id,
      productId: body.product_id,
      creditAmount: body.credit_amount,
    });
    const record = await sim.queryDelivery(game, key);
    if (!record) throw new Refusal('unavailable');
    return reply
      .status(receipt.duplicate ? 200 : 201)
      .send({ ...wireDelivery(record), duplicate: receipt.duplicate });
  });

  app.get<{ Params: OrderParams }>('/v1/games/:game/deliveries/:order', async (request) => {
    const record = await sim.queryDelivery(
      parse(gameParam, request.params.game),
      parse(orderNo, request.params.order),
    );
    if (!record) throw new Refusal('delivery_missing');
    return wireDelivery(record);
  });

  app.post<{ Params: OrderParams }>('/v1/games/:game/deliveries/:order/reversal', async (request) =>
    wireDelivery(
      await sim.reverseDelivery(parse(gameParam, request.params.game), parse(orderNo, request.params.order)),
    ),
  );

  return app;
}

/** The simulator's protocol server on a loopback port, listening from the first `url()` until `close()`. */
export function createGameSimProtocolServer(options: GameSimProtocolServerOptions): GameSimProtocolServer {
  let app: FastifyInstance | undefined;
  let started: Promise<string> | undefined;
  return {
    url() {
      started ??= (async () => {
        const host = options.host ?? '127.0.0.1';
        app = buildGameSimProtocolApp(options);
        try {
          return await app.listen({ host, port: options.port });
        } catch (error) {
          // A second process of this checkout (src/worker.ts beside the API): the first one's simulator serves
          // the same database.
          if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port === 0) throw error;
          await app.close();
          app = undefined;
          return `http://${host}:${options.port}`;
        }
      })();
      // A failed start is tried again by the next call.
      started.catch(() => (started = undefined));
      return started;
    },
    async close() {
      if (started) await started.catch(() => undefined);
      await app?.close();
    },
  };
}
