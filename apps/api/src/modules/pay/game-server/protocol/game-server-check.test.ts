/**
 * The conformance kit: every check passes against the built-in simulator's protocol server, and fails, naming
 * the check, against deliberately broken servers (a proxy in front of the simulator that breaks one rule).
 * The CLI prints PASS / FAIL and exits non-zero on a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../../../test/test-app.ts';
import { game } from '../../../../db/schema/game.schema.ts';
import {
  createGameSimProtocolServer,
  type GameSimProtocolServer,
} from '../../../../dev/game-server/game-sim-protocol.server.ts';
import { runGameServerChecks, type CheckResult } from './game-server-check.ts';
import { answerCanonical, protocolHeaders, requestCanonical, signedHeaders } from './protocol-signature.ts';

const key = { keyId: 'studio-1', secret: 'c'.repeat(40) };

let t: Awaited<ReturnType<typeof createTestApp>>;
let sim: GameSimProtocolServer;
let simUrl: string;
let sfl: number;
const proxies: Server[] = [];
beforeAll(async () => {
  t = await createTestApp();
  sfl = (await t.db.select().from(game).where(eq(game.gameId, 'sfl_sea')))[0]!.gameBaseId;
  sim = createGameSimProtocolServer({
    db: t.db,
    keys: { [key.keyId]: key.secret },
    now: () => new Date(),
    port: 0,
  });
  simUrl = await sim.url();
});
afterAll(async () => {
  for (const p of proxies) await new Promise((done) => p.close(done));
  await sim.close();
  await t.close();
});

interface Broken {
  /** Sign the request afresh before passing it on: the server accepts any signature. */
  acceptAnySignature?: boolean;
  /** Change an answer (then signed again, so only the content is wrong). */
  answer?: (method: string, url: string, status: number, body: string) => { status: number; body: string };
}

/** A server that is the simulator except for one broken rule. */
async function brokenServer(broken: Broken): Promise<string> {
  const proxy = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', async () => {
      const method = req.method!;
      const url = req.url!;
      const pass = Object.fromEntries(
        Object.values(protocolHeaders).map((h) => [h, String(req.headers[h] ?? '')]),
      );
      const headers = broken.acceptAnySignature
        ? signedHeaders(key, Date.now(), (ts) => requestCanonical(ts, method, url, body))
        : pass;
      const answer = await fetch(simUrl + url, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
      });
      let out = { status: answer.status, body: await answer.text() };
      if (broken.answer) out = broken.answer(method, url, out.status, out.body);
      res
        .writeHead(out.status, {
          'content-type': 'application/json',
          ...signedHeaders(key, Date.now(), (ts) => answerCanonical(ts, out.status, method, url, out.body)),
        })
        .end(out.body);
    });
  });
  proxies.push(proxy);
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const run = (baseUrl: string) => runGameServerChecks({ baseUrl, ...key, game: sfl, mid: 9_301 });
const failedNames = (results: CheckResult[]) => results.filter((r) => !r.ok).map((r) => r.name);

describe('game-server conformance kit', () => {
  it('passes every check against the built-in simulator', async () => {
    const results = await run(simUrl);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(20);
  });

  it('fails the signature checks, by name, against a server that accepts any signature', async () => {
    const failed = failedNames(await run(await brokenServer({ acceptAnySignature: true })));
    expect(failed).toEqual([
      'signature: a wrong secret is refused (bad_signature)',
      'signature: a signature over another body is refused (bad_signature)',
      'signature: a timestamp 6 minutes old is refused (stale_timestamp)',
      'signature: a timestamp 6 minutes ahead is refused (stale_timestamp)',
      'signature: an unknown key id is refused (unknown_key)',
    ]);
  });

  it('fails the idempotency checks against a server that answers every delivery as a new credit', async () => {
    let n = 0;
    const failed = failedNames(
      await run(
        await brokenServer({
          answer: (method, _url, status, body) => {
            if (method !== 'PUT' || status >= 300) return { status, body };
            n += 1;
            return {
              status: 201,
              body: JSON.stringify({ ...JSON.parse(body), delivery_id: `again-${n}`, duplicate: false }),
            };
          },
        }),
      ),
    );
    expect(failed).toEqual([
      'delivery: a repeat credits nothing (200, same delivery, duplicate true)',
      'delivery: 8 concurrent first deliveries credit once',
      // The receipt it gave first is not the delivery it keeps.
      'query: a delivery answers as delivered',
      'reverse: a delivery reverses once',
    ]);
  });

  it('fails the error checks against a server whose errors are not in the one shape', async () => {
    const results = await run(
      await brokenServer({
        answer: (_method, _url, status, body) =>
          status >= 400
            ? { status, body: JSON.stringify({ message: JSON.parse(body).error.message }) }
            : { status, body },
      }),
    );
    const failed = results.filter((r) => !r.ok);
    expect(failed.map((r) => r.name)).toContain('recharge check: character_missing');
    expect(failed.map((r) => r.name)).toContain('query: an unknown order answers delivery_missing');
    expect(failed.find((r) => r.name === 'recharge check: character_missing')!.detail).toContain(
      'expected the error shape',
    );
    expect(failed.some((r) => r.name.startsWith('delivery: first'))).toBe(false);
  });

  it('the CLI prints PASS / FAIL per check and exits 1 on a failure, 0 when all pass', async () => {
    const cli = fileURLToPath(new URL('./game-server-check.cli.ts', import.meta.url));
    const exec = promisify(execFile);
    const args = (url: string) => [
      '--import',
      'tsx',
      cli,
      url,
      '--key-id',
      key.keyId,
      '--secret',
      key.secret,
      '--game',
      String(sfl),
    ];
    const good = await exec(process.execPath, args(simUrl));
    expect(good.stdout).toMatch(/^PASS {2}delivery: 8 concurrent first deliveries credit once$/m);
    expect(good.stdout).toMatch(/\d+ passed, 0 failed/);
    const bad = await exec(process.execPath, args(await brokenServer({ acceptAnySignature: true }))).then(
      () => undefined,
      (e: { code: number; stdout: string }) => e,
    );
    expect(bad?.code).toBe(1);
    expect(bad?.stdout).toMatch(/^FAIL {2}signature: a wrong secret is refused \(bad_signature\)/m);
    // Two processes start through tsx: seconds each on a busy machine.
  }, 60_000);

  it('the CLI without a base URL checks the built-in game server of this checkout (GAME_SIM_PORT, key id sim)', async () => {
    const secret = 'd'.repeat(40);
    const builtIn = createGameSimProtocolServer({
      db: t.db,
      keys: { sim: secret },
      now: () => new Date(),
      port: 0,
    });
    try {
      const port = new URL(await builtIn.url()).port;
      const cli = fileURLToPath(new URL('./game-server-check.cli.ts', import.meta.url));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', cli, '--game', String(sfl)],
        {
          env: { ...process.env, GAME_SIM_PORT: port, GAME_SIM_SECRET: secret },
        },
      );
      expect(stdout).toContain(`against http://127.0.0.1:${port} (key id sim`);
      expect(stdout).toMatch(/\d+ passed, 0 failed/);
    } finally {
      await builtIn.close();
    }
  }, 60_000);
});
