/**
 * Game-server connections in the console, through app.inject against a studio's game server on 127.0.0.1 (the
 * built-in simulator's protocol server under a studio key, and a proxy in front of it that changes its server
 * list): a saved secret is sealed and never answered; "Test connection" passes, and fails the signature check
 * with a wrong secret; the sync adds, updates and takes offline servers; the adapter uses a saved connection from
 * the next call on; a game whose check failed, or whose servers are all in maintenance, is not offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import type { GameServerDetail, GameServerTestResult } from '@gp/contracts/game-server-admin';
import { codes } from '@gp/errors';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { addOrderUrl, memberGet, memberPost, orderForm, payTestEnv } from '../../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../../test/staff-session.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { payGameServer, payGameServerHealth } from '../../../db/schema/pay-game-server.schema.ts';
import { payServer, payServerI18n } from '../../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../../db/schema/staff.schema.ts';
import { GameServerSimRepository } from '../../../dev/game-server/game-server-sim.repository.ts';
import {
  createGameSimProtocolServer,
  type GameSimProtocolServer,
} from '../../../dev/game-server/game-sim-protocol.server.ts';
import { answerCanonical, protocolHeaders, signedHeaders } from './protocol/protocol-signature.ts';

const key = { keyId: 'studio-2026a', secret: 'S'.repeat(20) + 'studio-secret-2026a' };
const nextKey = { keyId: 'studio-2026b', secret: 'N'.repeat(20) + 'studio-secret-2026b' };
const wrongSecret = 'W'.repeat(40);
const testMid = 9_301;

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let member: TestMember;
let sfl: number;
let studio: GameSimProtocolServer;
let studioUrl: string;
let proxy: Server;
let proxyUrl: string;
let sim: GameServerSimRepository;
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  staff = await loginTestStaff(t.db, { accountId: 'gs.keeper', privileges: ['catalog'] });
  member = await loginTestMember(t.db);
  sfl = (await t.db.select().from(game).where(eq(game.gameId, 'sfl_sea')))[0]!.gameBaseId;
  sim = new GameServerSimRepository(t.db);
  // The studio holds both keys of a rotation.
  studio = createGameSimProtocolServer({
    db: t.db,
    keys: { [key.keyId]: key.secret, [nextKey.keyId]: nextKey.secret },
    now: () => new Date(),
    port: 0,
  });
  studioUrl = await studio.url();
  // The studio's server behind a proxy that lists one more server, named and in maintenance (answers signed
  // again with the studio's key).
  proxy = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', async () => {
      const method = req.method!;
      const url = req.url!;
      const headers = Object.fromEntries(
        Object.values(protocolHeaders).map((h) => [h, String(req.headers[h] ?? '')]),
      );
      const answer = await fetch(studioUrl + url, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
      });
      let text = await answer.text();
      if (method === 'GET' && /\/servers$/.test(url) && answer.status === 200) {
        const list = JSON.parse(text) as { servers: object[] };
        list.servers.push({ server_id: 'sfl-new-dawn', name: 'New Dawn', maintenance: true });
        text = JSON.stringify(list);
      }
      const keyId = answer.headers.get(protocolHeaders.keyId);
      const signing = keyId === nextKey.keyId ? nextKey : key;
      res
        .writeHead(answer.status, {
          'content-type': 'application/json',
          ...(keyId
            ? signedHeaders(signing, Date.now(), (ts) =>
                answerCanonical(ts, answer.status, method, url, text),
              )
            : {}),
        })
        .end(text);
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => proxy.close(done));
  await studio.close();
  await t.close();
});

const base = '/csmng/komoe/mng/pay/game_server';
type Body<T = Record<string, unknown>> = { code: number; message: string; data: T };
const detail = async () =>
  (await staffGet(t.app, staff, `${base}/detail`, { game_base_id: sfl })).json() as Body<GameServerDetail>;
const post = async <T = GameServerDetail>(path: string, body: object) =>
  (await staffPost(t.app, staff, `${base}${path}`, { game_base_id: sfl, ...body })).json() as Body<T>;
const save = (body: object) => post('/save', { base_url: studioUrl, key_id: key.keyId, ...body });
const testSaved = (body: object = {}) => post<GameServerTestResult>('/test', body);
const auditOf = (action: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));
const gameList = async () =>
  (
    (await memberGet(t.app, '/pay/api/komoe/webpay/game_list?distribution_region=5', null)).body.data as {
      game_base_id: number;
    }[]
  ).map((g) => g.game_base_id);
const roleListCode = async () =>
  (await memberGet(t.app, `/pay/api/web/pay/user/role_list?game_base_id=${sfl}`, member)).body.code;

describe('saving a connection', () => {
  it('starts on the built-in game server, with nothing saved', async () => {
    const { code, data } = await detail();
    expect(code).toBe(0);
    expect(data).toMatchObject({ connection: null, source: 'simulator', http_allowed: 1, health: null });
    expect(data.servers.length).toBeGreaterThan(0);
  });

  it('refuses a new connection without its secret, and an unreadable URL, changing nothing', async () => {
    const missing = await save({});
    expect(missing.code).toBe(-400);
    expect(JSON.stringify(missing.data)).toContain('secret');
    expect((await save({ base_url: 'ftp://studio.example/gp', secret: key.secret })).code).toBe(-400);
    expect(await t.db.select().from(payGameServer)).toEqual([]);
  });

  it('seals the secret in the database and never answers it, in the save, the detail or the audit row', async () => {
    const saved = await save({ secret: key.secret });
    expect(saved.code).toBe(0);
    expect(saved.data.source).toBe('saved');
    expect(saved.data.connection).toMatchObject({
      base_url: studioUrl,
      key_id: key.keyId,
      next_key_id: null,
    });
    expect(saved.data.connection!.secret_saved_at).toMatch(/^\d{4}-/);
    const read = await detail();
    for (const answer of [saved, read]) expect(JSON.stringify(answer)).not.toContain(key.secret);
    const [row] = await t.db.select().from(payGameServer).where(eq(payGameServer.gameBaseId, sfl));
    expect(row!.secretSealed).toMatch(/^gcm1\./);
    expect(row!.secretSealed).not.toContain(key.secret);
    const [entry] = await auditOf('pay.game_server.save');
    expect(entry!.actorAccountId).toBe('gs.keeper');
    expect(JSON.stringify(entry)).not.toContain(key.secret);
    expect(entry!.after).toMatchObject({ key_id: key.keyId, new_secret: true });
  });

  it('keeps the saved secret when it is left out for the same key id, and asks for one for a new key id', async () => {
    const before = (await t.db.select().from(payGameServer))[0]!;
    expect((await save({})).code).toBe(0);
    expect((await t.db.select().from(payGameServer))[0]!.secretSealed).toBe(before.secretSealed);
    const other = await save({ key_id: 'studio-other' });
    expect(other.code).toBe(-400);
    expect(JSON.stringify(other.data)).toContain('secret');
  });
});

describe('test connection', () => {
  it('passes every check against the saved connection, looks the test character up, and records the health', async () => {
    const { code, data } = await testSaved({ test_mid: testMid });
    expect(code).toBe(0);
    expect(data.target).toBe('saved');
    expect(data.checks.filter((c) => c.status !== 'pass')).toEqual([]);
    expect(data.ok).toBe(1);
    expect(data.checks.map((c) => c.check)).toContain('characters');
    const characters = data.checks.find((c) => c.check === 'characters')!;
    const roleId = String(characters.params.role_id);
    // A character the staff member names is looked up; one that does not exist fails with its reason.
    const named = await testSaved({ test_mid: testMid, test_role_id: roleId });
    expect(named.data.checks.find((c) => c.check === 'characters')!.status).toBe('pass');
    const unknown = await testSaved({ test_mid: testMid, test_role_id: 'no-such-role' });
    expect(unknown.data.checks.find((c) => c.check === 'characters')).toMatchObject({
      status: 'fail',
      reason: 'character_not_found',
      params: { role_id: 'no-such-role', mid: testMid },
    });
    // Without a test player the character checks are skipped, not failed.
    const plain = await testSaved();
    expect(plain.data.ok).toBe(1);
    expect(plain.data.checks.find((c) => c.check === 'characters')).toMatchObject({
      status: 'skip',
      reason: 'no_test_member',
    });
    const health = (await detail()).data.health!;
    expect(health).toMatchObject({ check_ok: 1, check_failed: null });
    expect((await auditOf('pay.game_server.check'))[0]!.after).toMatchObject({ ok: true });
  });

  it('fails the signature check with a wrong secret about to be saved, recording nothing', async () => {
    const healthBefore = await t.db.select().from(payGameServerHealth);
    const { code, data } = await testSaved({ base_url: studioUrl, key_id: key.keyId, secret: wrongSecret });
    expect(code).toBe(0);
    expect(data.target).toBe('draft');
    expect(data.ok).toBe(0);
    expect(data.checks.find((c) => c.check === 'signature_request')).toMatchObject({
      status: 'fail',
      reason: 'refused_signature',
      params: { error: 'bad_signature' },
    });
    expect(data.checks.find((c) => c.check === 'signature_answer')!.status).toBe('fail');
    expect(data.checks.find((c) => c.check === 'server_list')).toMatchObject({
      status: 'skip',
      reason: 'needs_earlier',
    });
    // No English of the game server's in the answer: codes and values only.
    expect(JSON.stringify(data)).not.toMatch(/signature does not match|bad signature/i);
    expect(await t.db.select().from(payGameServerHealth)).toEqual(healthBefore);
  });

  it('says so when the game server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const { data } = await testSaved({
      base_url: `http://127.0.0.1:${port}`,
      key_id: key.keyId,
      secret: key.secret,
    });
    expect(data.checks[0]).toMatchObject({ check: 'connect', status: 'fail', reason: 'unreachable' });
    expect(data.checks[0]!.params.cause).toBe('ECONNREFUSED');
  });
});

describe('the adapter and the saved connection', () => {
  it('uses a saved connection from the next call on, without a restart', async () => {
    expect(await roleListCode()).toBe(0);
    // A secret the studio does not hold: its answers are not believed, the list is "missing" (err8).
    expect((await save({ secret: wrongSecret })).code).toBe(0);
    expect(await roleListCode()).toBe(codes.payServerListMissing);
    expect((await save({ secret: key.secret })).code).toBe(0);
    expect(await roleListCode()).toBe(0);
  });

  it('rotates: signs with the second key once it is the primary, the old one still believed', async () => {
    const withNext = await save({ next_key_id: nextKey.keyId, next_secret: nextKey.secret });
    expect(withNext.data.connection).toMatchObject({ key_id: key.keyId, next_key_id: nextKey.keyId });
    expect(JSON.stringify(withNext)).not.toContain(nextKey.secret);
    const rotated = await post('/rotate', {});
    expect(rotated.code).toBe(0);
    expect(rotated.data.connection).toMatchObject({ key_id: nextKey.keyId, next_key_id: key.keyId });
    expect(await roleListCode()).toBe(0);
    expect((await testSaved()).data.ok).toBe(1);
    // Back to the first key, without the second.
    expect((await post('/rotate', {})).data.connection).toMatchObject({ key_id: key.keyId });
    expect((await save({ next_key_id: '' })).data.connection!.next_key_id).toBeNull();
  });
});

describe('server sync', () => {
  it('adds the servers the game server lists, with its names and maintenance, and takes unlisted ones offline', async () => {
    const servers = (await detail()).data.servers;
    const gone = servers[servers.length - 1]!.cp_server_id;
    await sim.setSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId: gone });
    expect((await save({ base_url: proxyUrl })).code).toBe(0);
    const { code, data } = await post<{
      ok: number;
      added: number;
      went_offline: number;
      detail: GameServerDetail;
    }>('/sync', {});
    expect(code).toBe(0);
    expect(data).toMatchObject({ ok: 1, added: 1, went_offline: 1 });
    const byId = new Map(data.detail.servers.map((s) => [s.cp_server_id, s]));
    expect(byId.get('sfl-new-dawn')).toMatchObject({
      server_name: 'New Dawn',
      is_online: 1,
      reported_maintenance: 1,
    });
    expect(byId.get(gone)).toMatchObject({ is_online: 0 });
    // Never deleted: the row is there, offline.
    const [row] = await t.db
      .select()
      .from(payServer)
      .where(and(eq(payServer.gameBaseId, sfl), eq(payServer.cpServerId, gone)));
    expect(row!.isOnline).toBe(false);
    const [named] = await t.db
      .select()
      .from(payServerI18n)
      .innerJoin(payServer, eq(payServer.id, payServerI18n.payServerId))
      .where(eq(payServer.cpServerId, 'sfl-new-dawn'));
    expect(named!.pay_server_i18n.name).toBe('New Dawn');
    expect(data.detail.health).toMatchObject({ sync_ok: 1, servers_listed: servers.length });
    expect((await auditOf('pay.game_server.sync'))[0]!.after).toMatchObject({ added: 1, went_offline: 1 });

    // Listed again: back online; a second sync adds nothing.
    await sim.clearSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId: gone });
    const again = await post<{ added: number; went_offline: number; detail: GameServerDetail }>('/sync', {});
    expect(again.data).toMatchObject({ added: 0, went_offline: 0 });
    expect(again.data.detail.servers.find((s) => s.cp_server_id === gone)!.is_online).toBe(1);
    expect((await save({ base_url: studioUrl })).code).toBe(0);
  });

  it('the daily job syncs and checks connected games once a day', async () => {
    await t.db.delete(payGameServerHealth);
    expect(await t.app.pay.gameServers.runDue()).toEqual([sfl]);
    const [health] = await t.db.select().from(payGameServerHealth);
    expect(health).toMatchObject({ syncOk: true, checkOk: true });
    // Done for today.
    expect(await t.app.pay.gameServers.runDue()).toEqual([]);
  });
});

describe('what players are offered', () => {
  it('hides a game whose game server failed its last check and refuses its orders (err3), until it passes', async () => {
    const form = await orderForm(t.app, member, sfl);
    expect(await gameList()).toContain(sfl);
    expect((await save({ secret: wrongSecret })).code).toBe(0);
    const failed = await testSaved();
    expect(failed.data.ok).toBe(0);
    expect((await detail()).data).toMatchObject({
      unavailable: 'check_failed',
      health: { check_ok: 0, check_failed: 'signature_request' },
    });
    expect(await gameList()).not.toContain(sfl);
    const refused = await memberPost(t.app, addOrderUrl.webpay, member, form);
    expect(refused.body.code).toBe(codes.payRechargeUnavailable);
    expect((await save({ secret: key.secret })).code).toBe(0);
    expect((await testSaved()).data.ok).toBe(1);
    expect(await gameList()).toContain(sfl);
  });

  it('hides a game whose servers are all in maintenance and refuses its orders with err4', async () => {
    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl });
    const synced = await post<{ ok: number; detail: GameServerDetail }>('/sync', {});
    expect(synced.data.ok).toBe(1);
    expect(synced.data.detail.unavailable).toBe('maintenance');
    expect(synced.data.detail.servers.filter((s) => s.is_online).every((s) => s.reported_maintenance)).toBe(
      true,
    );
    expect(await gameList()).not.toContain(sfl);
    const form = await orderForm(t.app, member, sfl, { cp_server_id: 'any', cp_role_id: 'any' });
    expect((await memberPost(t.app, addOrderUrl.webpay, member, form)).body.code).toBe(
      codes.payServerMaintenance,
    );
    await sim.clearSwitch({ kind: 'server_maintenance', gameBaseId: sfl });
    expect((await post<{ detail: GameServerDetail }>('/sync', {})).data.detail.unavailable).toBeNull();
    expect(await gameList()).toContain(sfl);
  });
});

describe('GAME_SERVER_HOSTS', () => {
  it('refuses to save or test a connection to a host off the list, before any request', async () => {
    const listed = await createTestApp({ ...payTestEnv, GAME_SERVER_HOSTS: '*.studio.example,localhost' });
    try {
      const keeper = await loginTestStaff(listed.db, { accountId: 'gs.lister', privileges: ['catalog'] });
      let asked = 0;
      const watcher = createServer((_req, res) => {
        asked += 1;
        res.end();
      }).listen(0, '127.0.0.1');
      await new Promise((resolve) => watcher.once('listening', resolve));
      const url = `http://127.0.0.1:${(watcher.address() as AddressInfo).port}`;
      const form = { game_base_id: sfl, base_url: url, key_id: key.keyId, secret: key.secret };
      for (const path of ['/save', '/test']) {
        const res = (await staffPost(listed.app, keeper, `${base}${path}`, form)).json() as Body;
        expect(res.code).toBe(codes.badRequest);
        expect(res.data).toMatchObject({ fields: [{ field: 'base_url', code: 'host_not_allowed' }] });
      }
      // A listed host passes the rule (and is then asked as ever).
      const allowed = (await staffPost(listed.app, keeper, `${base}/test`, {
        ...form,
        base_url: 'http://game.studio.example.invalid',
      }).then((r) => r.json())) as Body;
      expect(allowed.data).toMatchObject({ fields: [{ field: 'base_url', code: 'host_not_allowed' }] });
      watcher.close();
      expect(asked).toBe(0);
    } finally {
      await listed.close();
    }
  });
});
