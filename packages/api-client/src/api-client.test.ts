/** Real HTTP servers on 127.0.0.1: a good one, a failing one, a closed port, and one that drops requests. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall, type CallContract } from '@gp/contracts';
import {
  ApiError,
  NetworkError,
  bindCalls,
  createApiClient,
  readCookie,
  type ApiClient,
} from './api-client.ts';

interface Seen {
  method: string;
  url: URL;
  body: string;
  contentType: string | undefined;
}

function listen(
  handler: (
    req: IncomingMessage,
    body: string,
  ) => { status: number; body: string; delayMs?: number } | 'drop',
) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://x'),
        body,
        contentType: req.headers['content-type'],
      });
      const answer = handler(req, body);
      if (answer === 'drop') return req.socket.destroy();
      setTimeout(
        () => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body),
        answer.delayMs ?? 0,
      );
    });
  });
  return new Promise<{ server: Server; base: string; seen: Seen[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

const ok = (data: unknown) => ({ status: 200, body: JSON.stringify({ code: 0, message: 'success', data }) });

const getGames = defineCall({
  group: 'web',
  method: 'GET',
  path: '/game/list',
  auth: 'public',
  request: z.object({ page_num: z.coerce.number().optional() }),
  response: z.array(z.object({ game_name: z.string() })),
});
const postForm = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/login',
  auth: 'public',
  request: z.object({ user: z.string(), keep: z.coerce.number() }),
  response: z.object({ ok: z.boolean() }),
});
const postJson = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/work_order/page',
  encoding: 'json',
  auth: 'public',
  request: z.object({ page_num: z.number() }),
  response: z.object({ total: z.number() }),
});
const paySwitch = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/switch',
  auth: 'public',
  request: z.object({ region: z.number().optional() }),
  response: z.object({ main_switch_status: z.number() }),
});

let good: Awaited<ReturnType<typeof listen>>;
let failing: Awaited<ReturnType<typeof listen>>;
let dropping: Awaited<ReturnType<typeof listen>>;
let closedBase: string;
let reply: (req: IncomingMessage, body: string) => { status: number; body: string } = () => ok([]);

beforeAll(async () => {
  good = await listen((req, body) => reply(req, body));
  failing = await listen(() => ({ status: 503, body: '<html>bad gateway</html>' }));
  dropping = await listen(() => 'drop');
  const closed = await listen(() => ok(null));
  closedBase = closed.base;
  await new Promise((r) => closed.server.close(r));
});
afterAll(async () => {
  for (const s of [good, failing, dropping]) await new Promise((r) => s.server.close(r));
});
beforeEach(() => {
  for (const s of [good, failing, dropping]) s.seen.length = 0;
  reply = () => ok([{ game_name: 'Lotus Blade' }]);
});

const client = (
  bases: Record<string, string[]>,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) => createApiClient({ baseUrls: bases, lang: () => 'th', timeout: 2000, ...extra });

describe('calls', () => {
  it('sends lang and the default region as query parameters and parses the answer', async () => {
    const games = await client({ web: [good.base] }).call(getGames, { page_num: 2 });
    expect(games).toEqual([{ game_name: 'Lotus Blade' }]);
    const url = good.seen[0]!.url;
    expect(url.pathname).toBe('/game/list');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page_num: '2', lang: 'th', region: '7' });
  });

  it('sends no default region on payment calls', async () => {
    reply = () => ok({ main_switch_status: 1 });
    await client({ pay: [good.base] }).call(paySwitch, {});
    expect(good.seen[0]!.url.searchParams.has('region')).toBe(false);
  });

  it('sends the region a call names itself, over the default', async () => {
    reply = () => ok({ main_switch_status: 1 });
    await client({ pay: [good.base] }).call(paySwitch, { region: 5 });
    expect(good.seen[0]!.url.searchParams.get('region')).toBe('5');
  });

  it('gives uploads their own, longer time limit than ordinary calls', async () => {
    const upload = defineCall({
      group: 'upload',
      method: 'POST',
      path: '/file',
      encoding: 'multipart',
      auth: 'public',
      request: z.object({ file: z.instanceof(Blob) }),
      response: z.object({ ok: z.boolean() }),
    });
    reply = () => ({ ...ok({ ok: true }), delayMs: 300 });
    const c = client({ upload: [good.base], web: [good.base] }, { timeout: 100, uploadTimeout: 3000 });
    await expect(c.call(getGames, {})).rejects.toBeInstanceOf(NetworkError);
    expect(await c.call(upload, { file: new Blob(['x']) })).toEqual({ ok: true });
  });

  it('form-encodes POST bodies and JSON-encodes JSON calls', async () => {
    reply = (req) => (req.url?.startsWith('/web/login') ? ok({ ok: true }) : ok({ total: 3 }));
    const c = client({ passport: [good.base], cs: [good.base] });
    await c.call(postForm, { user: 'a@b.co', keep: 1 });
    await c.call(postJson, { page_num: 1 });
    expect(good.seen[0]).toMatchObject({ method: 'POST', body: 'user=a%40b.co&keep=1' });
    expect(good.seen[0]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(JSON.parse(good.seen[1]!.body)).toEqual({ page_num: 1 });
    expect(good.seen[1]!.url.searchParams.get('lang')).toBe('th');
  });

  it('throws ApiError with code and domain for a non-zero code, and calls the -101 hook', async () => {
    const onNotLoggedIn = vi.fn();
    reply = () => ({ status: 200, body: JSON.stringify({ code: -101, message: 'x', data: null }) });
    const error = await client({ passport: [good.base] }, { onNotLoggedIn })
      .call(postForm, { user: 'a', keep: 0 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -101, domain: 'passport' });
    expect(onNotLoggedIn).toHaveBeenCalledWith(postForm);
  });

  it("keeps a 5xx answer's request_id for the screens to show", async () => {
    reply = () => ({
      status: 500,
      body: JSON.stringify({ code: -500, message: 'x', data: null, request_id: 'req-7f3a' }),
    });
    const error = await client({ passport: [good.base] })
      .call(postForm, { user: 'a', keep: 0 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -500, status: 500, requestId: 'req-7f3a' });
    reply = () => ({ status: 200, body: JSON.stringify({ code: -101, message: 'x', data: null }) });
    const refused = await client({ passport: [good.base] })
      .call(postForm, { user: 'a', keep: 0 })
      .catch((e) => e);
    expect(refused.requestId).toBeUndefined();
  });

  it('exposes the failing fields of a 400 answer', async () => {
    reply = () => ({
      status: 400,
      body: JSON.stringify({
        code: -400,
        message: 'x',
        data: { fields: [{ field: 'user', code: 'too_small' }] },
      }),
    });
    const error = await client({ passport: [good.base] })
      .call(postForm, { user: '', keep: 0 })
      .catch((e) => e);
    expect(error).toMatchObject({ code: -400, status: 400 });
    expect(error.fields).toEqual([{ field: 'user', code: 'too_small' }]);
  });

  it('refuses an answer that does not match the contract', async () => {
    reply = () => ok([{ name: 'no game_name' }]);
    await expect(client({ web: [good.base] }).call(getGames, {})).rejects.toMatchObject({ code: -500 });
  });

  it('sends the CSRF token as ct on member and staff calls, never on public ones; accepts an allowed null', async () => {
    const logout = defineCall({
      group: 'passport',
      method: 'POST',
      path: '/web/user/logout',
      auth: 'member',
      request: z.object({}),
      response: z.null(),
    });
    reply = (req) => (req.url?.startsWith('/web/user/logout') ? ok(null) : ok([]));
    const c = client({ passport: [good.base], web: [good.base] }, { csrfToken: () => 'tok en' });
    expect(await c.call(logout, {})).toBeNull();
    await c.call(getGames, {});
    expect(good.seen[0]!.url.searchParams.get('ct')).toBe('tok en');
    expect(good.seen[1]!.url.searchParams.has('ct')).toBe(false);
    const staffLogout = defineCall({
      group: 'csmng',
      method: 'GET',
      path: '/login_out',
      auth: 'staff',
      request: z.object({}),
      response: z.null(),
    });
    reply = () => ok(null);
    await client({ csmng: [good.base] }, { csrfToken: () => 'staff-token' }).call(staffLogout, {});
    expect(good.seen[2]!.url.searchParams.get('ct')).toBe('staff-token');
  });

  it('reads a cookie by name', () => {
    expect(readCookie('joy_jct', 'a=1; joy_jct=abc%3D; b=2')).toBe('abc=');
    expect(readCookie('joy_jct', 'a=1')).toBeUndefined();
  });

  it('binds contracts into typed functions', async () => {
    const web = bindCalls(client({ web: [good.base] }), { getGames });
    expect(await web.getGames({})).toEqual([{ game_name: 'Lotus Blade' }]);
  });

  it('binds each name to its own contract and passes the input on as given', async () => {
    const call = vi.fn(async (contract: CallContract) => contract.path);
    const bound = bindCalls({ call } as ApiClient, { games: getGames, login: postForm });
    expect(Object.keys(bound)).toEqual(['games', 'login']);
    expect(await bound.login({ user: 'pim', keep: 1 })).toBe('/web/login');
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(postForm, { user: 'pim', keep: 1 });
  });

  it('a bound call fails as the client does', async () => {
    const refusal = new ApiError(-101, 'passport', 200);
    const bound = bindCalls({ call: () => Promise.reject(refusal) } as ApiClient, { login: postForm });
    await expect(bound.login({ user: 'pim', keep: 0 })).rejects.toBe(refusal);
  });
});

describe('fail-over', () => {
  it('GET moves on after a refused connection and after a 5xx', async () => {
    const games = await client({ web: [closedBase, failing.base, good.base] }).call(getGames, {});
    expect(games).toHaveLength(1);
    expect(failing.seen).toHaveLength(1);
    expect(good.seen).toHaveLength(1);
  });

  it('GET moves on after a dropped connection', async () => {
    await client({ web: [dropping.base, good.base] }).call(getGames, {});
    expect(dropping.seen).toHaveLength(1);
    expect(good.seen).toHaveLength(1);
  });

  it('POST moves on only when no connection was made', async () => {
    reply = () => ok({ ok: true });
    expect(
      await client({ passport: [closedBase, good.base] }).call(postForm, { user: 'a', keep: 0 }),
    ).toEqual({ ok: true });
    expect(good.seen).toHaveLength(1);
  });

  it('POST does not repeat a request that reached a server', async () => {
    const after5xx = await client({ passport: [failing.base, good.base] })
      .call(postForm, { user: 'a', keep: 0 })
      .catch((e) => e);
    expect(after5xx).toBeInstanceOf(NetworkError); // 503 with an HTML body: not our envelope.
    const afterDrop = await client({ passport: [dropping.base, good.base] })
      .call(postForm, { user: 'a', keep: 0 })
      .catch((e) => e);
    expect(afterDrop).toBeInstanceOf(NetworkError);
    expect(good.seen).toHaveLength(0);
  });

  it('starts later calls at the base URL that answered', async () => {
    const c = client({ web: [failing.base, good.base] });
    await c.call(getGames, {});
    await c.call(getGames, {});
    expect(failing.seen).toHaveLength(1);
    expect(good.seen).toHaveLength(2);
  });

  it('gives up with a NetworkError when every base URL fails', async () => {
    await expect(client({ web: [closedBase, failing.base] }).call(getGames, {})).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});
