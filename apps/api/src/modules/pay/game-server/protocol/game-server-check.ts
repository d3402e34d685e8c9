/**
 * The conformance kit of the game-server protocol (openapi.yaml): runs the protocol's checks against a studio's
 * implementation (or the built-in simulator) and answers pass / fail per check, naming what was wrong.
 * `pnpm game-server:check` (game-server-check.cli.ts) prints them; its tests run it against the simulator and
 * against deliberately broken servers.
 *
 * It credits real test deliveries (order numbers `CHK...`, credit 1) to a character of `mid` it finds on the
 * first open server, and reverses them: run it against a studio's test environment with a test member.
 */
import { randomBytes } from 'node:crypto';
import {
  errorBody,
  isWireError,
  protocolErrors,
  protocolPaths,
  type ProtocolErrorCode,
  type WireCharacter,
  type WireDelivery,
  type WireServer,
} from './protocol.ts';
import {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signedHeaders,
  verifySignature,
} from './protocol-signature.ts';

export interface CheckTarget {
  baseUrl: string;
  keyId: string;
  secret: string;
  /** The game_base_id to test. */
  game: number;
  /** A test member with a character that may be topped up. */
  mid: number;
  timeoutMs?: number;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

interface Answer {
  status: number;
  json: unknown;
  /** Whether the answer carried a valid signature of our key (for this method, path and status). */
  signed: boolean;
}

interface Tamper {
  secret?: string;
  keyId?: string;
  /** Seconds added to the clock when signing. */
  skewS?: number;
  /** Sign this body but send the real one. */
  signedBody?: string;
}

class CheckFailed extends Error {}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

export function createProtocolClient(target: CheckTarget) {
  const base = target.baseUrl.replace(/\/+$/, '');
  return async function request(
    method: string,
    path: string,
    payload?: unknown,
    tamper: Tamper = {},
  ): Promise<Answer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const url = new URL(base + path);
    const signedPath = url.pathname + url.search;
    const headers = signedHeaders(
      { keyId: tamper.keyId ?? target.keyId, secret: tamper.secret ?? target.secret },
      Date.now() + (tamper.skewS ?? 0) * 1000,
      (ts) => requestCanonical(ts, method, signedPath, tamper.signedBody ?? body),
    );
    const response = await fetch(url, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(target.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    const verdict = verifySignature(
      { [target.keyId]: target.secret },
      {
        keyId: response.headers.get(protocolHeaders.keyId),
        timestamp: response.headers.get(protocolHeaders.timestamp),
        signature: response.headers.get(protocolHeaders.signature),
      },
      Date.now(),
      (ts) => answerCanonical(ts, response.status, method, signedPath, text),
    );
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, signed: verdict.ok };
  };
}

type Request = ReturnType<typeof createProtocolClient>;

/** A 2xx answer, signed, in JSON. */
function success<T>(answer: Answer, what: string, status?: number): T {
  expect(
    status ? answer.status === status : answer.status >= 200 && answer.status < 300,
    `${what}: answered ${answer.status}${isWireError(answer.json) ? ` ${answer.json.error.code}` : ''}, expected ${status ?? '2xx'}`,
  );
  expect(answer.signed, `${what}: the answer is not signed with our key (X-GP-Signature)`);
  expect(answer.json && typeof answer.json === 'object', `${what}: the answer is not a JSON object`);
  return answer.json as T;
}

/** An error answer in the protocol's one shape, with this code and its status. */
function refusal(answer: Answer, code: ProtocolErrorCode, what: string, signed = true): void {
  const expected = protocolErrors[code];
  expect(
    isWireError(answer.json),
    `${what}: expected the error shape ${JSON.stringify(errorBody(code))}, got ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`,
  );
  expect(answer.json.error.code === code, `${what}: expected error ${code}, got ${answer.json.error.code}`);
  expect(
    answer.status === expected.status,
    `${what}: ${code} must answer ${expected.status}, got ${answer.status}`,
  );
  expect(
    answer.json.error.retryable === expected.retryable,
    `${what}: ${code} must say retryable: ${expected.retryable}`,
  );
  if (signed) expect(answer.signed, `${what}: the error answer is not signed with our key`);
}

function sameDelivery(a: WireDelivery, b: WireDelivery, what: string) {
  expect(
    a.delivery_id === b.delivery_id,
    `${what}: a different delivery_id (${a.delivery_id} / ${b.delivery_id})`,
  );
}

const newOrderNo = () => `CHK${randomBytes(10).toString('hex').toUpperCase()}`;

/** Runs every check in order; later checks that need what an earlier one found fail naming it. */
export async function runGameServerChecks(target: CheckTarget): Promise<CheckResult[]> {
  const request: Request = createProtocolClient(target);
  const { game, mid } = target;
  const results: CheckResult[] = [];
  const state: {
    open?: string[];
    server?: string;
    role?: WireCharacter;
    deliveryRequest?: object;
    first?: WireDelivery;
  } = {};

  async function check(name: string, work: () => Promise<string | void>): Promise<void> {
    try {
      results.push({ name, ok: true, detail: (await work()) ?? '' });
    } catch (error) {
      // fetch says only "fetch failed"; why is in its cause (ECONNREFUSED, a timeout...).
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = error instanceof Error ? error.message : String(error);
      const why = cause?.code ?? cause?.message;
      results.push({ name, ok: false, detail: why ? `${detail}: ${why}` : detail });
    }
  }
  const need = <T>(value: T | undefined, what: string): T => {
    expect(value !== undefined, `needs ${what} (an earlier check failed)`);
    return value;
  };
  const delivery = (orderNo: string, body: object) =>
    request('PUT', protocolPaths.delivery(game, orderNo), body);

  await check('servers: list, signed, one open server', async () => {
    const answer = success<{ servers: WireServer[] }>(
      await request('GET', protocolPaths.servers(game)),
      'GET servers',
    );
    expect(Array.isArray(answer.servers), 'servers is not an array');
    for (const s of answer.servers)
      expect(
        typeof s.server_id === 'string' && typeof s.maintenance === 'boolean',
        `bad server ${JSON.stringify(s)}`,
      );
    state.open = answer.servers.filter((s) => !s.maintenance).map((s) => s.server_id);
    expect(state.open.length > 0, `game ${game} has no server out of maintenance to test on`);
    return `${answer.servers.length} server(s), ${state.open.length} open`;
  });

  await check('characters: list, one that can be recharged', async () => {
    const open = need(state.open, 'a server');
    let listed = 0;
    // The member's characters on each open server, until one may be topped up.
    for (const server of open) {
      const answer = success<{ characters: WireCharacter[] }>(
        await request('GET', protocolPaths.characters(game, server, mid)),
        'GET characters',
      );
      expect(Array.isArray(answer.characters), 'characters is not an array');
      for (const c of answer.characters)
        expect(
          typeof c.role_id === 'string' &&
            typeof c.role_name === 'string' &&
            Number.isInteger(c.level) &&
            typeof c.can_recharge === 'boolean',
          `bad character ${JSON.stringify(c)}`,
        );
      listed += answer.characters.length;
      const role = answer.characters.find((c) => c.can_recharge);
      if (!role) continue;
      state.server = server;
      state.role = role;
      state.deliveryRequest = {
        mid,
        server_id: server,
        role_id: role.role_id,
        product_id: 'gp-conformance-check',
        credit_amount: 1,
      };
      return `testing with character ${role.role_id} on server ${server}`;
    }
    throw new CheckFailed(
      `member ${mid} has no character that can be recharged on any open server (${listed} listed; --mid)`,
    );
  });

  await check('characters: an unknown server answers none or server_missing', async () => {
    const answer = await request('GET', protocolPaths.characters(game, 'gp-check-no-such-server', mid));
    if (answer.status === 200) {
      const body = success<{ characters: unknown[] }>(answer, 'GET characters');
      expect(
        Array.isArray(body.characters) && body.characters.length === 0,
        'characters on a server that does not exist',
      );
    } else refusal(answer, 'server_missing', 'GET characters of an unknown server');
  });

  await check('recharge check: ok for the character', async () => {
    const role = need(state.role, 'a character');
    const body = success<{ character: WireCharacter }>(
      await request('POST', protocolPaths.rechargeCheck(game), {
        mid,
        server_id: state.server,
        role_id: role.role_id,
      }),
      'POST recharge-checks',
    );
    expect(body.character?.role_id === role.role_id, 'the answer names another character');
  });

  await check('recharge check: character_missing', async () => {
    const server = need(state.server, 'a server');
    refusal(
      await request('POST', protocolPaths.rechargeCheck(game), {
        mid,
        server_id: server,
        role_id: 'gp-check-no-such-role',
      }),
      'character_missing',
      'an unknown character',
    );
  });

  await check('recharge check: server_missing', async () => {
    const role = need(state.role, 'a character');
    refusal(
      await request('POST', protocolPaths.rechargeCheck(game), {
        mid,
        server_id: 'gp-check-no-such-server',
        role_id: role.role_id,
      }),
      'server_missing',
      'an unknown server',
    );
  });

  await check('errors: bad_request for an unreadable body', async () => {
    refusal(
      await delivery(newOrderNo(), { credit_amount: 'many' }),
      'bad_request',
      'PUT delivery with a bad body',
    );
  });

  const path = protocolPaths.servers(game);
  await check('signature: a wrong secret is refused (bad_signature)', async () => {
    refusal(
      await request('GET', path, undefined, { secret: `${target.secret}x` }),
      'bad_signature',
      'wrong secret',
    );
  });
  await check('signature: a signature over another body is refused (bad_signature)', async () => {
    const order = newOrderNo();
    const answer = await request('PUT', protocolPaths.delivery(game, order), state.deliveryRequest ?? {}, {
      signedBody: JSON.stringify({ ...state.deliveryRequest, credit_amount: 2 }),
    });
    refusal(answer, 'bad_signature', 'tampered body');
    const after = await request('GET', protocolPaths.delivery(game, order));
    expect(after.status === 404, 'the tampered delivery was recorded');
  });
  await check('signature: a timestamp 6 minutes old is refused (stale_timestamp)', async () => {
    refusal(await request('GET', path, undefined, { skewS: -360 }), 'stale_timestamp', 'old timestamp');
  });
  await check('signature: a timestamp 6 minutes ahead is refused (stale_timestamp)', async () => {
    refusal(await request('GET', path, undefined, { skewS: 360 }), 'stale_timestamp', 'future timestamp');
  });
  await check('signature: 4 minutes of clock skew is accepted', async () => {
    success(await request('GET', path, undefined, { skewS: -240 }), 'skewed clock');
  });
  await check('signature: an unknown key id is refused (unknown_key)', async () => {
    refusal(
      await request('GET', path, undefined, { keyId: 'gp-check-unknown-key', secret: 'x'.repeat(32) }),
      'unknown_key',
      'unknown key id',
      false,
    );
  });

  const orderNo = newOrderNo();
  await check('delivery: first delivery credits (201, duplicate false)', async () => {
    const body = need(state.deliveryRequest, 'a character');
    const first = success<WireDelivery & { duplicate: boolean }>(
      await delivery(orderNo, body),
      'first PUT',
      201,
    );
    expect(first.order_no === orderNo, 'order_no is not ours');
    expect(first.duplicate === false, 'duplicate must be false the first time');
    expect(
      first.status === 'delivered' && typeof first.delivery_id === 'string' && first.delivery_id,
      'not delivered',
    );
    expect(first.credit_amount === 1 && !Number.isNaN(Date.parse(first.delivered_at)), 'fields not echoed');
    state.first = first;
  });

  await check('delivery: a repeat credits nothing (200, same delivery, duplicate true)', async () => {
    const first = need(state.first, 'a first delivery');
    for (let i = 0; i < 3; i += 1) {
      const again = success<WireDelivery & { duplicate: boolean }>(
        await delivery(orderNo, state.deliveryRequest!),
        'repeat PUT',
        200,
      );
      sameDelivery(again, first, 'repeat');
      expect(again.duplicate === true, 'duplicate must be true on a repeat');
    }
  });

  await check('delivery: 8 concurrent first deliveries credit once', async () => {
    const body = need(state.deliveryRequest, 'a character');
    const order = newOrderNo();
    const answers = await Promise.all(Array.from({ length: 8 }, () => delivery(order, body)));
    const bodies = answers.map((a) => success<WireDelivery & { duplicate: boolean }>(a, 'concurrent PUT'));
    const created = answers.filter((a) => a.status === 201).length;
    const fresh = bodies.filter((b) => !b.duplicate).length;
    expect(
      created === 1 && fresh === 1,
      `${created} answered 201 and ${fresh} duplicate false; expected exactly one`,
    );
    for (const b of bodies) sameDelivery(b, bodies[0]!, 'concurrent');
  });

  await check(
    'delivery: the same order number with other content is refused (idempotency_conflict)',
    async () => {
      need(state.first, 'a first delivery');
      refusal(
        await delivery(orderNo, { ...state.deliveryRequest, credit_amount: 2 }),
        'idempotency_conflict',
        'conflicting repeat',
      );
    },
  );

  await check('delivery: a character that does not exist is refused (character_missing)', async () => {
    refusal(
      await delivery(newOrderNo(), {
        ...need(state.deliveryRequest, 'a character'),
        role_id: 'gp-check-no-such-role',
      }),
      'character_missing',
      'delivery to an unknown character',
    );
  });

  await check('query: a delivery answers as delivered', async () => {
    const first = need(state.first, 'a first delivery');
    const found = success<WireDelivery>(
      await request('GET', protocolPaths.delivery(game, orderNo)),
      'GET delivery',
      200,
    );
    sameDelivery(found, first, 'query');
    expect(found.status === 'delivered' && found.reversed_at === null, 'not delivered');
  });

  await check('query: an unknown order answers delivery_missing', async () => {
    refusal(
      await request('GET', protocolPaths.delivery(game, newOrderNo())),
      'delivery_missing',
      'unknown order',
    );
  });

  await check('reverse: a delivery reverses once', async () => {
    const first = need(state.first, 'a first delivery');
    const reversed = success<WireDelivery>(
      await request('POST', protocolPaths.reversal(game, orderNo), {}),
      'POST reversal',
      200,
    );
    sameDelivery(reversed, first, 'reversal');
    expect(reversed.status === 'reversed' && reversed.reversed_at, 'not reversed');
    const again = success<WireDelivery>(
      await request('POST', protocolPaths.reversal(game, orderNo), {}),
      'repeat reversal',
      200,
    );
    expect(again.reversed_at === reversed.reversed_at, 'a repeated reversal reversed again');
    const found = success<WireDelivery>(
      await request('GET', protocolPaths.delivery(game, orderNo)),
      'GET delivery',
      200,
    );
    expect(found.status === 'reversed', 'query does not show the reversal');
    const redelivered = success<WireDelivery & { duplicate: boolean }>(
      await delivery(orderNo, state.deliveryRequest!),
      'PUT after reversal',
      200,
    );
    expect(redelivered.duplicate && redelivered.status === 'reversed', 'a reversed order was credited again');
  });

  await check('reverse: an unknown order answers delivery_missing', async () => {
    refusal(
      await request('POST', protocolPaths.reversal(game, newOrderNo()), {}),
      'delivery_missing',
      'unknown order',
    );
  });

  return results;
}
