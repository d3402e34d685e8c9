/**
 * The production fetch to game servers connects only to public addresses unless the host is listed: checked on
 * the connection's own DNS answer (a name that resolves to loopback) and on addresses written in the URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runReadOnlyChecks } from './protocol/game-server-read-checks.ts';
import { gameServerFetch } from './game-server.egress.ts';

let server: Server;
let port: number;
let asked = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    asked += 1;
    res.end('{}');
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const causeOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as { cause?: { code?: string } } | undefined;
  return error?.cause?.code;
};

describe('the game-server fetch in production', () => {
  it('refuses a name that resolves to loopback, and an address in the URL, without a request', async () => {
    const guarded = gameServerFetch({ production: true, hosts: [] });
    const before = asked;
    expect(await causeOf(guarded(`http://localhost:${port}/`))).toBe('EGRESS_REFUSED');
    expect(await causeOf(guarded(`http://127.0.0.1:${port}/`))).toBe('EGRESS_REFUSED');
    expect(await causeOf(guarded(`http://[::ffff:127.0.0.1]:${port}/`))).toBe('EGRESS_REFUSED');
    expect(asked).toBe(before);
  });

  it('connects to a listed host wherever it is', async () => {
    const listed = gameServerFetch({ production: true, hosts: ['127.0.0.1'] });
    expect((await listed(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const byName = gameServerFetch({ production: true, hosts: ['localhost'] });
    const before = asked;
    // localhost may resolve to ::1 first, where nothing listens: the request is let through either way.
    expect(await causeOf(byName(`http://localhost:${port}/`))).not.toBe('EGRESS_REFUSED');
    expect(asked).toBeGreaterThanOrEqual(before);
  });

  it('is the plain fetch outside production', () => {
    expect(gameServerFetch({ production: false, hosts: [] })).toBe(globalThis.fetch);
  });

  it('makes "Test connection" say the address is not allowed', async () => {
    const run = await runReadOnlyChecks({
      baseUrl: `http://127.0.0.1:${port}`,
      keyId: 'k',
      secret: 'S'.repeat(40),
      game: 1,
      fetch: gameServerFetch({ production: true, hosts: [] }),
    });
    expect(run.ok).toBe(false);
    expect(run.failed).toMatchObject({
      status: 'fail',
      reason: 'not_allowed',
      params: { host: '127.0.0.1' },
    });
  });
});
