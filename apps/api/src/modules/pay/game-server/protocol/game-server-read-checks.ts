/**
 * The read-only part of the conformance kit (game-server-check.ts runs the whole kit, deliveries included, for
 * the CLI): what the console's "Test connection", the server sync and the daily health check run from the API
 * against a game's server. Nothing is credited or reversed: server list, a test player's characters, a recharge
 * check, the error shape of unknown servers / characters / deliveries, and signatures both ways (ours accepted,
 * the answers signed with our key, clock skew, wrong / stale / unknown-key signatures refused).
 *
 * Each result is a check code, a status and, when it did not pass, a reason code with parameters
 * (@gp/contracts/game-server-admin): the console words them in its language, so no text of the game server's
 * (nor English of ours) reaches staff as it is.
 */
import { randomBytes } from 'node:crypto';
import { egressRefused } from '../../../../config/game-server-hosts.ts';
import type {
  GameServerCheckCode,
  GameServerCheckReason,
  GameServerCheckItem,
} from '@gp/contracts/game-server-admin';
import {
  isWireError,
  protocolErrors,
  protocolPaths,
  type ProtocolErrorCode,
  type WireCharacter,
  type WireServer,
} from './protocol.ts';
import {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signatureWindowS,
  signedHeaders,
  verifySignature,
  type ProtocolKeys,
} from './protocol-signature.ts';

export interface ReadCheckTarget {
  baseUrl: string;
  keyId: string;
  secret: string;
  /** Further keys whose signatures on answers are believed (the second key of a rotation). */
  acceptKeys?: ProtocolKeys;
  game: number;
  /** A test player (member id) for the character checks; without it they are skipped. */
  testMid?: number | undefined;
  /** The test player's character to look up; without it any character of theirs. */
  testRoleId?: string | undefined;
  timeoutMs?: number;
  /** The API's egress-checked fetch (game-server.egress.ts); the global one by default. */
  fetch?: typeof fetch;
  /** Milliseconds; the app clock in the API. */
  now?: () => number;
}

export type ReadCheckResult = GameServerCheckItem;

export interface ReadCheckRun {
  ok: boolean;
  results: ReadCheckResult[];
  /** The first failed check. */
  failed: ReadCheckResult | undefined;
  /** The server list when it was read and well formed. */
  servers: Array<{ serverId: string; maintenance: boolean; name: string | undefined }> | undefined;
}

interface Answer {
  status: number;
  json: unknown;
  signed: boolean;
  /** The answer's X-GP-Timestamp, seconds. */
  timestamp: number | undefined;
}

interface Tamper {
  secret?: string;
  keyId?: string;
  skewS?: number;
}

type Params = Record<string, string | number>;

/** A check that did not pass: why, with the values its text needs. */
class Outcome extends Error {
  constructor(
    readonly status: 'fail' | 'skip',
    readonly reason: GameServerCheckReason,
    readonly params: Params = {},
  ) {
    super(reason);
  }
}
const fail = (reason: GameServerCheckReason, params?: Params) => new Outcome('fail', reason, params);

class Unreachable extends Error {
  constructor(
    readonly timedOut: boolean,
    readonly causeCode: string,
  ) {
    super('unreachable');
  }
}

function errorCodeOf(json: unknown): string {
  return isWireError(json) ? json.error.code : '';
}

/** A 2xx answer signed with our key, as JSON. */
function success<T>(answer: Answer): T {
  if (answer.status === 401) throw fail('refused_signature', { error: errorCodeOf(answer.json) });
  if (answer.status < 200 || answer.status >= 300)
    throw fail('http_status', { status: answer.status, error: errorCodeOf(answer.json) });
  if (!answer.signed) throw fail('unsigned_answer');
  if (!answer.json || typeof answer.json !== 'object') throw fail('not_json');
  return answer.json as T;
}

/** An error answer in the protocol's shape with this code and its status (signed unless `unsigned` is allowed). */
function refusal(answer: Answer, code: ProtocolErrorCode, unsigned = false): void {
  if (answer.status >= 200 && answer.status < 300) throw fail('accepted', { status: answer.status });
  const json = answer.json;
  if (!isWireError(json) || json.error.code !== code || answer.status !== protocolErrors[code].status)
    throw fail('wrong_error', { expected: code, status: answer.status, error: errorCodeOf(json) });
  if (!unsigned && !answer.signed) throw fail('unsigned_answer');
}

const isCharacter = (c: WireCharacter) =>
  typeof c?.role_id === 'string' &&
  typeof c.role_name === 'string' &&
  Number.isInteger(c.level) &&
  typeof c.can_recharge === 'boolean';

/**
 * Runs the read-only checks in order (`listOnly`: only those the server sync needs, up to the server list).
 * Never throws for what the game server does: every problem is a result.
 */
export async function runReadOnlyChecks(
  target: ReadCheckTarget,
  options: { listOnly?: boolean } = {},
): Promise<ReadCheckRun> {
  const now = target.now ?? Date.now;
  const base = target.baseUrl.replace(/\/+$/, '');
  const keys: ProtocolKeys = { ...target.acceptKeys, [target.keyId]: target.secret };
  const { game } = target;

  async function request(method: string, path: string, payload?: unknown, tamper: Tamper = {}) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const url = new URL(base + path);
    const signedPath = url.pathname + url.search;
    const headers = signedHeaders(
      { keyId: tamper.keyId ?? target.keyId, secret: tamper.secret ?? target.secret },
      now() + (tamper.skewS ?? 0) * 1000,
      (ts) => requestCanonical(ts, method, signedPath, body),
    );
    let response: Response;
    let text: string;
    try {
      response = await (target.fetch ?? fetch)(url, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(target.timeoutMs ?? 5_000),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      // fetch says only "fetch failed"; the code of its cause (ECONNREFUSED, ENOTFOUND, a TLS error) is why.
      const cause = (error as { cause?: { code?: unknown } }).cause;
      throw new Unreachable(timedOut, typeof cause?.code === 'string' ? cause.code : '');
    }
    const timestampHeader = response.headers.get(protocolHeaders.timestamp);
    const verdict = verifySignature(
      keys,
      {
        keyId: response.headers.get(protocolHeaders.keyId),
        timestamp: timestampHeader,
        signature: response.headers.get(protocolHeaders.signature),
      },
      now(),
      (ts) => answerCanonical(ts, response.status, method, signedPath, text),
    );
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      json,
      signed: verdict.ok,
      timestamp: timestampHeader && /^\d{1,12}$/.test(timestampHeader) ? Number(timestampHeader) : undefined,
    } satisfies Answer;
  }

  const results: ReadCheckResult[] = [];
  const passed = new Set<GameServerCheckCode>();
  async function check(
    code: GameServerCheckCode,
    needs: GameServerCheckCode[],
    work: () => Promise<Params | void>,
  ): Promise<void> {
    const missing = needs.find((n) => !passed.has(n));
    if (missing) {
      results.push({ check: code, status: 'skip', reason: 'needs_earlier', params: { check: missing } });
      return;
    }
    try {
      results.push({ check: code, status: 'pass', reason: null, params: (await work()) ?? {} });
      passed.add(code);
    } catch (error) {
      if (error instanceof Outcome)
        results.push({ check: code, status: error.status, reason: error.reason, params: error.params });
      else if (error instanceof Unreachable)
        results.push({
          check: code,
          status: 'fail',
          ...(error.causeCode === egressRefused
            ? { reason: 'not_allowed', params: { host: new URL(base).hostname } }
            : {
                reason: error.timedOut ? 'timeout' : 'unreachable',
                params: error.causeCode ? { cause: error.causeCode } : {},
              }),
        });
      else throw error;
    }
  }

  const serversPath = protocolPaths.servers(game);
  let first: Answer | undefined;
  let servers: ReadCheckRun['servers'];
  let open: string[] = [];
  let character: { serverId: string; roleId: string } | undefined;

  await check('connect', [], async () => {
    first = await request('GET', serversPath);
    return { status: first.status };
  });
  await check('signature_request', ['connect'], async () => {
    if (first!.status === 401) throw fail('refused_signature', { error: errorCodeOf(first!.json) });
  });
  await check('signature_answer', ['connect'], async () => {
    if (!first!.signed) throw fail('unsigned_answer');
  });
  if (!options.listOnly)
    await check('clock', ['signature_answer'], async () => {
      const seconds = Math.round(first!.timestamp! - now() / 1000);
      if (Math.abs(seconds) > signatureWindowS) throw fail('clock_skew', { seconds });
      // Our clock 4 minutes behind theirs must still be accepted (the window is 5 minutes either way).
      const skewed = await request('GET', serversPath, undefined, { skewS: -240 });
      if (skewed.status === 401)
        throw fail('refused_signature', { error: errorCodeOf(skewed.json), seconds: -240 });
      return { seconds };
    });
  await check('server_list', ['signature_request', 'signature_answer'], async () => {
    const body = success<{ servers?: unknown }>(first!);
    if (!Array.isArray(body.servers)) throw fail('bad_shape', { field: 'servers' });
    const list = body.servers as WireServer[];
    for (const s of list)
      if (
        typeof s?.server_id !== 'string' ||
        s.server_id.length === 0 ||
        s.server_id.length > 64 ||
        typeof s.maintenance !== 'boolean' ||
        (s.name !== undefined && typeof s.name !== 'string')
      )
        throw fail('bad_shape', { field: 'servers[].server_id' });
    servers = list.map((s) => ({
      serverId: s.server_id,
      maintenance: s.maintenance,
      name: s.name?.trim() ? s.name.trim().slice(0, 100) : undefined,
    }));
    open = list.filter((s) => !s.maintenance).map((s) => s.server_id);
    return { total: list.length, open: open.length, maintenance: list.length - open.length };
  });
  if (options.listOnly) return summary();

  await check('characters', ['server_list'], async () => {
    if (target.testMid === undefined) throw new Outcome('skip', 'no_test_member');
    if (open.length === 0) throw fail('no_open_server');
    let count = 0;
    for (const serverId of open) {
      const body = success<{ characters?: unknown }>(
        await request('GET', protocolPaths.characters(game, serverId, target.testMid)),
      );
      if (!Array.isArray(body.characters)) throw fail('bad_shape', { field: 'characters' });
      const list = body.characters as WireCharacter[];
      if (!list.every(isCharacter)) throw fail('bad_shape', { field: 'characters[]' });
      count += list.length;
      const found = target.testRoleId
        ? list.find((c) => c.role_id === target.testRoleId)
        : (list.find((c) => c.can_recharge) ?? list[0]);
      if (found) {
        character = { serverId, roleId: found.role_id };
        return { role_id: found.role_id, server_id: serverId, count };
      }
    }
    if (target.testRoleId)
      throw fail('character_not_found', { role_id: target.testRoleId, mid: target.testMid });
    throw fail('no_character', { mid: target.testMid });
  });
  await check('recharge_check', ['characters'], async () => {
    const answer = await request('POST', protocolPaths.rechargeCheck(game), {
      mid: target.testMid,
      server_id: character!.serverId,
      role_id: character!.roleId,
    });
    if (answer.status === 422 && errorCodeOf(answer.json) === 'cannot_recharge')
      throw fail('cannot_recharge', { role_id: character!.roleId });
    const body = success<{ character?: WireCharacter }>(answer);
    if (body.character?.role_id !== character!.roleId)
      throw fail('bad_shape', { field: 'character.role_id' });
    return { role_id: character!.roleId };
  });
  const probeMid = target.testMid ?? 1;
  await check('error_unknown_server', ['signature_request', 'signature_answer'], async () => {
    const answer = await request('GET', protocolPaths.characters(game, 'gp-check-no-such-server', probeMid));
    if (answer.status === 200) {
      const body = success<{ characters?: unknown }>(answer);
      if (!Array.isArray(body.characters) || body.characters.length > 0)
        throw fail('bad_shape', { field: 'characters' });
    } else refusal(answer, 'server_missing');
  });
  await check('error_unknown_character', ['server_list'], async () => {
    const serverId = open[0] ?? servers?.[0]?.serverId;
    if (!serverId) throw new Outcome('skip', 'no_open_server');
    refusal(
      await request('POST', protocolPaths.rechargeCheck(game), {
        mid: probeMid,
        server_id: serverId,
        role_id: 'gp-check-no-such-role',
      }),
      'character_missing',
    );
  });
  await check('error_unknown_delivery', ['signature_request', 'signature_answer'], async () => {
    const orderNo = `CHK${randomBytes(10).toString('hex').toUpperCase()}`;
    refusal(await request('GET', protocolPaths.delivery(game, orderNo)), 'delivery_missing');
  });
  // A server that refuses our own signature would "refuse" these too: they only mean something after it passed.
  await check('rejects_wrong_secret', ['signature_request'], async () => {
    refusal(
      await request('GET', serversPath, undefined, { secret: `${target.secret}x` }),
      'bad_signature',
      true,
    );
  });
  await check('rejects_stale_timestamp', ['signature_request'], async () => {
    refusal(await request('GET', serversPath, undefined, { skewS: -360 }), 'stale_timestamp', true);
  });
  await check('rejects_unknown_key', ['signature_request'], async () => {
    refusal(
      await request('GET', serversPath, undefined, {
        keyId: 'gp-check-unknown-key',
        secret: 'x'.repeat(32),
      }),
      'unknown_key',
      true,
    );
  });
  return summary();

  function summary(): ReadCheckRun {
    const failed = results.find((r) => r.status === 'fail');
    return { ok: !failed, results, failed, servers };
  }
}
