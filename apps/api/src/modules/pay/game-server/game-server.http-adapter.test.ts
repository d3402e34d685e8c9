/**
 * The HTTP game-server adapter: against a scripted server, timeouts, slow answers, bare and shaped 5xx, wrong
 * answer signatures and each protocol refusal map to what the pay module expects; against the built-in
 * simulator's protocol server, the whole protocol round trip and key rotation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { GameServerError, type CreditDelivery } from './game-server.adapter.ts';
import { HttpGameServerAdapter, type HttpGameServerOptions } from './game-server.http-adapter.ts';
import { GameServerSimRepository } from '../../../dev/game-server/game-server-sim.repository.ts';
import { GameServerSimulator } from '../../../dev/game-server/game-server.simulator.ts';
import {
  createGameSimProtocolServer,
  type GameSimProtocolServer,
} from '../../../dev/game-server/game-sim-protocol.server.ts';
import { errorBody, type ProtocolErrorCode, protocolErrors } from './protocol/protocol.ts';
import {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signedHeaders,
  verifySignature,
} from './protocol/protocol-signature.ts';

const key = { keyId: 'gp-test', secret: 's'.repeat(40) };

// ---- A scripted game server: each request is answered by the next script step ----

type Step = (
  req: IncomingMessage,
  body: string,
) => { status: number; body: unknown; delayMs?: number; sign?: 'ok' | 'wrong' | 'none' };
let script: Step[] = [];
let seen: { method: string; url: string; body: string; verified: boolean }[] = [];
let stub: Server;
let stubUrl: string;

beforeAll(async () => {
  stub = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const verdict = verifySignature(
        { [key.keyId]: key.secret },
        {
          keyId: req.headers[protocolHeaders.keyId],
          timestamp: req.headers[protocolHeaders.timestamp],
          signature: req.headers[protocolHeaders.signature],
        },
        Date.now(),
        (ts) => requestCanonical(ts, req.method!, req.url!, body),
      );
      seen.push({ method: req.method!, url: req.url!, body, verified: verdict.ok });
      const step = script.shift();
      const answer = step ? step(req, body) : { status: 500, body: 'no script' };
      const text = JSON.stringify(answer.body);
      const headers =
        answer.sign === 'none'
          ? {}
          : signedHeaders(
              { keyId: key.keyId, secret: answer.sign === 'wrong' ? 'w'.repeat(40) : key.secret },
              Date.now(),
              (ts) => answerCanonical(ts, answer.status, req.method!, req.url!, text),
            );
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json', ...headers }).end(text);
      }, answer.delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((done) => stub.listen(0, '127.0.0.1', done));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/studio`;
});
afterAll(() => new Promise<void>((done) => stub.close(() => done())));
afterEach(() => {
  script = [];
  seen = [];
});

const adapter = (options: Partial<HttpGameServerOptions> = {}) =>
  new HttpGameServerAdapter({
    endpoint: () => ({ baseUrl: stubUrl, ...key }),
    now: () => new Date(),
    timeoutMs: 300,
    backoffMs: () => 10,
    ...options,
  });
const ok =
  (body: unknown, extra: Partial<ReturnType<Step>> = {}): Step =>
  () => ({ status: 200, body, ...extra });
const refused =
  (code: ProtocolErrorCode): Step =>
  () => ({ status: protocolErrors[code].status, body: errorBody(code) });
const wireDelivery = (orderNo: string, status: 'delivered' | 'reversed' = 'delivered') => ({
  order_no: orderNo,
  delivery_id: 'd-1',
  status,
  mid: 7,
  server_id: 's1',
  role_id: 'r1',
  product_id: 'p1',
  credit_amount: 100,
  delivered_at: '2026-11-25T12:00:00.000Z',
  reversed_at: status === 'reversed' ? '2026-11-25T13:00:00.000Z' : null,
});
const delivery: CreditDelivery = {
  idempotencyKey: 'GP20261125ABC',
  mid: 7,
  gameBaseId: 3,
  cpServerId: 's1',
  cpRoleId: 'r1',
  productId: 'p1',
  creditAmount: 100,
};
const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GameServerError);
  return error as GameServerError;
};

describe('HTTP game-server adapter (scripted server)', () => {
  it('signs its requests and reads signed answers', async () => {
    script = [
      ok({
        servers: [
          { server_id: 's1', maintenance: false },
          { server_id: 's2', maintenance: true },
        ],
      }),
    ];
    expect(await adapter().listServers(3)).toEqual([
      { cpServerId: 's1', maintenance: false },
      { cpServerId: 's2', maintenance: true },
    ]);
    expect(seen).toEqual([{ method: 'GET', url: '/studio/v1/games/3/servers', body: '', verified: true }]);
  });

  it('delivers with the order number as idempotency key in the path, and the body it signed', async () => {
    script = [
      (_req, body) => ({
        status: 201,
        body: { ...wireDelivery(delivery.idempotencyKey), duplicate: false, echo: body },
      }),
    ];
    expect(await adapter().deliverCredit(delivery)).toEqual({
      deliveryId: 'd-1',
      duplicate: false,
      deliveredAt: new Date('2026-11-25T12:00:00.000Z'),
    });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: '/studio/v1/games/3/deliveries/GP20261125ABC',
      verified: true,
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      mid: 7,
      server_id: 's1',
      role_id: 'r1',
      product_id: 'p1',
      credit_amount: 100,
    });
  });

  it('retries a timeout with backoff, then answers what the next attempt says', async () => {
    script = [
      ok({ servers: [] }, { delayMs: 2_000 }),
      ok({ servers: [{ server_id: 's1', maintenance: false }] }),
    ];
    expect(await adapter().listServers(3)).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('fails "unavailable" after every attempt timed out (the worker retries later)', async () => {
    script = [0, 1, 2].map(() => ok({ servers: [] }, { delayMs: 2_000 }));
    const error = await failure(adapter().deliverCredit(delivery));
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'timed out' });
    expect(error.retryable).toBe(true);
    expect(seen).toHaveLength(3);
  });

  it('takes a slow answer that comes within the timeout', async () => {
    script = [ok({ servers: [{ server_id: 's1', maintenance: false }] }, { delayMs: 150 })];
    expect(await adapter().listServers(3)).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  it('retries a bare 5xx (a proxy, a crash) and delivers on the next attempt', async () => {
    script = [
      () => ({ status: 502, body: 'bad gateway', sign: 'none' }),
      () => ({ status: 201, body: { ...wireDelivery(delivery.idempotencyKey), duplicate: false } }),
    ];
    expect(await adapter().deliverCredit(delivery)).toMatchObject({ deliveryId: 'd-1' });
    expect(seen.map((s) => s.url)).toEqual([seen[0]!.url, seen[0]!.url]);
  });

  it('fails "unavailable" after 5xx on every attempt', async () => {
    script = [0, 1, 2].map(() => () => ({ status: 500, body: 'oops', sign: 'none' as const }));
    expect(await failure(adapter().deliverCredit(delivery))).toMatchObject({
      kind: 'unavailable',
      reason: 'answered 500',
    });
    expect(seen).toHaveLength(3);
  });

  it("takes a 503 in the error shape as the server's own 'try later': unavailable at once, no hammering", async () => {
    script = [() => ({ status: 503, body: errorBody('unavailable', 'queue full') })];
    expect(await failure(adapter().deliverCredit(delivery))).toMatchObject({
      kind: 'unavailable',
      reason: 'queue full',
    });
    expect(seen).toHaveLength(1);
  });

  it('does not believe an answer with a wrong or missing signature', async () => {
    script = [
      () => ({
        status: 201,
        body: { ...wireDelivery(delivery.idempotencyKey), duplicate: false },
        sign: 'wrong',
      }),
    ];
    expect(await failure(adapter().deliverCredit(delivery))).toMatchObject({
      kind: 'unavailable',
      reason: 'answer bad_signature',
    });
    script = [ok({ servers: [] }, { sign: 'none' })];
    expect(await failure(adapter().listServers(3))).toMatchObject({ kind: 'unavailable' });
    // An answer signed for another request is refused too.
    script = [ok({ servers: [] })];
    const replayed = new HttpGameServerAdapter({
      endpoint: () => ({ baseUrl: stubUrl, ...key }),
      now: () => new Date(),
      timeoutMs: 300,
      fetch: async (url, init) => {
        const real = await fetch(url, init);
        // Same answer, presented as the answer to another path.
        return new Response(await real.text(), {
          status: real.status,
          headers: {
            ...Object.fromEntries(real.headers),
            [protocolHeaders.signature]: signedHeaders(key, Date.now(), (ts) =>
              answerCanonical(ts, 200, 'GET', '/studio/v1/games/4/servers', '{"servers":[]}'),
            )[protocolHeaders.signature]!,
          },
        });
      },
    });
    expect(await failure(replayed.listServers(3))).toMatchObject({ kind: 'unavailable' });
  });

  it('is refused with our key misconfigured (401): unavailable, for staff to fix, never a refusal for good', async () => {
    const wrongKey = adapter({
      endpoint: () => ({ baseUrl: stubUrl, keyId: key.keyId, secret: 'x'.repeat(40) }),
    });
    script = [() => ({ status: 401, body: errorBody('bad_signature'), sign: 'none' })];
    const error = await failure(wrongKey.deliverCredit(delivery));
    expect(error.kind).toBe('unavailable');
    expect(error.reason).toContain('bad_signature');
    expect(seen[0]!.verified).toBe(false);
  });

  it('maps the protocol refusals to the interface', async () => {
    const target = { mid: 7, gameBaseId: 3, cpServerId: 's1', cpRoleId: 'r1' };
    for (const code of ['server_missing', 'maintenance', 'character_missing', 'cannot_recharge'] as const) {
      script = [refused(code)];
      expect(await adapter().canRecharge(target)).toEqual({ ok: false, reason: code });
    }
    script = [ok({ character: { role_id: 'r1', role_name: 'Kai', level: 3, can_recharge: true } })];
    expect(await adapter().canRecharge(target)).toEqual({
      ok: true,
      character: { cpRoleId: 'r1', roleName: 'Kai', level: 3, canRecharge: true },
    });
    for (const code of [
      'character_missing',
      'cannot_recharge',
      'idempotency_conflict',
      'server_missing',
    ] as const) {
      script = [refused(code)];
      expect(await failure(adapter().deliverCredit(delivery))).toMatchObject({
        kind: 'rejected',
        reason: code,
      });
    }
    script = [refused('maintenance')];
    expect(await failure(adapter().deliverCredit(delivery))).toMatchObject({ kind: 'unavailable' });
    script = [refused('server_missing')];
    expect(await adapter().listCharacters(7, 3, 'gone')).toEqual([]);
    script = [refused('game_missing')];
    expect(await failure(adapter().listServers(3))).toMatchObject({ kind: 'unavailable' });
    script = [refused('delivery_missing')];
    expect(await adapter().queryDelivery(3, 'GPX')).toBeUndefined();
    script = [refused('delivery_missing')];
    expect(await failure(adapter().reverseDelivery(3, 'GPX'))).toMatchObject({
      kind: 'rejected',
      reason: 'delivery_missing',
    });
    script = [ok(wireDelivery('GPX', 'reversed'))];
    expect(await adapter().reverseDelivery(3, 'GPX')).toMatchObject({
      status: 'reversed',
      deliveryId: 'd-1',
    });
  });

  it('fails "unavailable" for a game without a configured server, without calling anyone', async () => {
    const none = adapter({ endpoint: () => undefined });
    expect(await failure(none.listServers(3))).toMatchObject({ kind: 'unavailable' });
    expect(seen).toHaveLength(0);
  });
});

// ---- The built-in simulator's protocol server ----

describe('HTTP game-server adapter against the simulator', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: GameSimProtocolServer;
  let sim: GameServerSimulator;
  let sfl: number;
  const oldKey = { keyId: 'gp-old', secret: 'o'.repeat(40) };
  const newKey = { keyId: 'gp-new', secret: 'n'.repeat(40) };
  beforeAll(async () => {
    t = await createTestApp();
    sfl = (await t.db.select().from(game).where(eq(game.gameId, 'sfl_sea')))[0]!.gameBaseId;
    sim = new GameServerSimulator(new GameServerSimRepository(t.db));
    server = createGameSimProtocolServer({
      db: t.db,
      keys: { [oldKey.keyId]: oldKey.secret, [newKey.keyId]: newKey.secret },
      now: () => new Date(),
      port: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  const over = async (k: { keyId: string; secret: string }) =>
    new HttpGameServerAdapter({
      endpoint: async () => ({ baseUrl: await server.url(), ...k }),
      now: () => new Date(),
      timeoutMs: 5_000,
    });

  it('answers what the simulator answers in process, and delivers, queries and reverses once', async () => {
    const http = await over(oldKey);
    expect(await http.listServers(sfl)).toEqual(await sim.listServers(sfl));
    const [first] = await http.listServers(sfl);
    const mid = 8_101;
    let characters = await http.listCharacters(mid, sfl, first!.cpServerId);
    let serverId = first!.cpServerId;
    for (const s of await http.listServers(sfl)) {
      if (characters.length > 0) break;
      serverId = s.cpServerId;
      characters = await http.listCharacters(mid, sfl, serverId);
    }
    expect(characters).toEqual(await sim.listCharacters(mid, sfl, serverId));
    const target = { mid, gameBaseId: sfl, cpServerId: serverId, cpRoleId: characters[0]!.cpRoleId };
    expect(await http.canRecharge(target)).toEqual(await sim.canRecharge(target));

    const credit = { ...target, idempotencyKey: 'GPHTTPTEST0001', productId: 'p1', creditAmount: 100 };
    const [a, b] = await Promise.all([http.deliverCredit(credit), http.deliverCredit(credit)]);
    expect(a.deliveryId).toBe(b.deliveryId);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect(await sim.deliveriesTo(target)).toHaveLength(1);
    expect(await http.queryDelivery(sfl, credit.idempotencyKey)).toMatchObject({
      status: 'delivered',
      deliveryId: a.deliveryId,
    });
    expect(await http.queryDelivery(sfl + 1000, credit.idempotencyKey)).toBeUndefined();
    const reversed = await http.reverseDelivery(sfl, credit.idempotencyKey);
    expect(reversed).toMatchObject({ status: 'reversed', deliveryId: a.deliveryId });
    expect((await http.reverseDelivery(sfl, credit.idempotencyKey)).reversedAt).toEqual(reversed.reversedAt);
    expect(await failure(http.deliverCredit({ ...credit, creditAmount: 5 }))).toMatchObject({
      kind: 'rejected',
      reason: 'idempotency_conflict',
    });

    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl, cpServerId: serverId });
    expect(await http.canRecharge(target)).toEqual({ ok: false, reason: 'maintenance' });
    await sim.setSwitch({ kind: 'servers_unavailable', gameBaseId: sfl });
    expect(await failure(http.listServers(sfl))).toMatchObject({ kind: 'unavailable', reason: 'servers' });
    await sim.clearSwitches(sfl);
  });

  it('rotates keys without downtime: both keys work while the server holds both, an unknown one never', async () => {
    expect(await (await over(oldKey)).listServers(sfl)).not.toHaveLength(0);
    expect(await (await over(newKey)).listServers(sfl)).not.toHaveLength(0);
    const unknown = await over({ keyId: 'gp-gone', secret: 'g'.repeat(40) });
    expect(await failure(unknown.listServers(sfl))).toMatchObject({ kind: 'unavailable' });
    const wrong = await over({ keyId: oldKey.keyId, secret: newKey.secret });
    expect((await failure(wrong.listServers(sfl))).reason).toContain('bad_signature');
  });

  it('refuses a request whose clock is more than 5 minutes off', async () => {
    const late = new HttpGameServerAdapter({
      endpoint: async () => ({ baseUrl: await server.url(), ...oldKey }),
      now: () => new Date(Date.now() - 6 * 60_000),
      timeoutMs: 5_000,
    });
    expect((await failure(late.listServers(sfl))).reason).toContain('stale_timestamp');
  });
});

describe("the app's game-server configuration", () => {
  it('calls the server GAME_SERVERS names for a game, with its key from GAME_SERVER_KEYS; none without GAME_SIM', async () => {
    const app = await createTestApp({
      GAME_SIM: 'false',
      GAME_SERVERS: JSON.stringify({ '3': { url: stubUrl, key_id: key.keyId } }),
      GAME_SERVER_KEYS: JSON.stringify({ [key.keyId]: key.secret }),
    });
    try {
      expect(app.app.dev?.gameSim).toBeUndefined();
      script = [ok({ servers: [{ server_id: 's9', maintenance: false }] })];
      expect(await app.app.pay.gameServer.listServers(3)).toEqual([{ cpServerId: 's9', maintenance: false }]);
      expect(seen).toEqual([{ method: 'GET', url: '/studio/v1/games/3/servers', body: '', verified: true }]);
      expect(await failure(app.app.pay.gameServer.listServers(4))).toMatchObject({
        kind: 'unavailable',
        reason: 'no game server configured for game 4',
      });
    } finally {
      await app.close();
    }
  });
});
