/** The member calls of both pay variants: servers with characters (role_list) and the top-up captcha. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { payCaptchaData, payServerItem, type PayServerItem } from '@gp/contracts/pay';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { captchaAnswer } from '../../../test/passport-steps.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game } from '../../db/schema/game.schema.ts';
import { payGame, payServer } from '../../db/schema/pay.schema.ts';
import { AppError } from '../../http/app-error.ts';
import { createCaptchaService } from '../sessions/index.ts';
import { GameServerSimRepository } from '../../dev/game-server/game-server-sim.repository.ts';
import { GameServerSimulator } from '../../dev/game-server/game-server.simulator.ts';
import { PayCaptchaService } from './orders/pay-captcha.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sim: GameServerSimulator;
let sfl: number;
let ltb: number;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: captchaAnswer });
  sim = new GameServerSimulator(new GameServerSimRepository(t.db));
  const games = await t.db.select().from(game);
  sfl = games.find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  ltb = games.find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
});
afterEach(() => sim.clearSwitches());
afterAll(() => t.close());

type Json = { code: number; message: string; data: unknown };
const get = async (url: string, who: TestMember | null = member, ct = who?.ct) => {
  const sep = url.includes('?') ? '&' : '?';
  const res = await t.app.inject({
    method: 'GET',
    url: ct ? `${url}${sep}ct=${ct}` : url,
    cookies: who?.cookies ?? {},
  });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
};
const regional = (gameBaseId: number, extra = '') =>
  `/pay/api/komoe/webpay/user/role_list?distribution_region=5&game_base_id=${gameBaseId}${extra}`;
const secondVariant = (gameBaseId: number, extra = '') =>
  `/pay/api/web/pay/user/role_list?game_base_id=${gameBaseId}${extra}`;

async function roleList(url: string, who: TestMember = member): Promise<PayServerItem[]> {
  const { status, body } = await get(url, who);
  expect(status).toBe(200);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return payServerItem.array().parse(body.data);
}

const expectCode = async (url: string, code: number, who: TestMember = member) =>
  expect((await get(url, who)).body).toMatchObject({ code, data: null });

describe('user/role_list', () => {
  it('refuses a visitor with -101 and a wrong ct with -110 (both variants)', async () => {
    for (const url of [regional(sfl), secondVariant(sfl)]) {
      expect((await get(url, null)).body).toMatchObject({ code: -101 });
      expect((await get(url, member, 'forged')).body).toMatchObject({ code: -110 });
    }
  });

  it('refuses a missing or malformed game_base_id with -400', async () => {
    for (const url of [
      '/pay/api/komoe/webpay/user/role_list?distribution_region=5',
      '/pay/api/web/pay/user/role_list?game_base_id=x',
    ]) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: -400, data: { fields: [{ field: 'game_base_id' }] } });
    }
  });

  it("answers the game's servers with the member's characters, the same on every call and in both variants", async () => {
    const servers = await roleList(regional(sfl));
    expect(servers.map((s) => [s.cp_server_id, s.server_name, s.is_maintenance])).toEqual([
      ['1001', 'S1 Aurora', 0],
      ['1002', 'S2 Nebula', 0],
      ['1003', 'S3 Comet', 0],
    ]);
    const roles = servers.flatMap((s) => s.role_list);
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      expect(role.cp_role_id).toMatch(/^\d{10}$/);
      expect(role.role_name.length).toBeGreaterThanOrEqual(1);
      expect(role.role_name.length).toBeLessThanOrEqual(20);
      expect(role.level).toBeGreaterThanOrEqual(1);
      expect(role.level).toBeLessThanOrEqual(90);
      expect(role.can_recharge).toBe(1);
    }
    expect(await roleList(regional(sfl))).toEqual(servers);
    expect(await roleList(secondVariant(sfl))).toEqual(servers);
  });

  it('gives every member characters of their own, at least one in each game', async () => {
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => loginTestMember(t.db)));
    const lists = [];
    for (const other of others) {
      for (const gameBaseId of [sfl, ltb]) {
        const servers = await roleList(secondVariant(gameBaseId), other);
        expect(servers.some((s) => s.role_list.length > 0)).toBe(true);
      }
      lists.push(JSON.stringify(await roleList(secondVariant(sfl), other)));
    }
    expect(new Set(lists).size).toBe(others.length);
  });

  it('names servers in the page language, falling back to en', async () => {
    const th = await roleList(regional(ltb, '&lang=th'));
    expect(th.map((s) => s.server_name)).toEqual(['ยอดเขาหยก', 'สระบัว', 'หุบเขากระเรียน']);
    const ja = await roleList(regional(ltb, '&lang=ja'));
    expect(ja.map((s) => s.server_name)).toEqual(['Jade Peak', 'Lotus Pond', 'Crane Valley']);
  });

  it('flags servers under maintenance, whether staff or the game server say so', async () => {
    // Crane Valley is seeded under maintenance.
    expect((await roleList(secondVariant(ltb))).map((s) => s.is_maintenance)).toEqual([0, 0, 1]);
    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl, cpServerId: '1002' });
    expect((await roleList(secondVariant(sfl))).map((s) => s.is_maintenance)).toEqual([0, 1, 0]);
  });

  it('leaves out servers the game server no longer reports or staff took offline', async () => {
    const before = await roleList(secondVariant(sfl));
    const kept = before.find((s) => s.role_list.length > 0)!;
    const [missing, offline] = before.filter((s) => s !== kept).map((s) => s.cp_server_id);
    await sim.setSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId: missing! });
    await t.db
      .update(payServer)
      .set({ isOnline: false })
      .where(and(eq(payServer.gameBaseId, sfl), eq(payServer.cpServerId, offline!)));
    try {
      expect(await roleList(secondVariant(sfl))).toEqual([kept]);
    } finally {
      await t.db.update(payServer).set({ isOnline: true }).where(eq(payServer.gameBaseId, sfl));
    }
  });

  it('marks a character the game server will not top up', async () => {
    const servers = await roleList(secondVariant(sfl));
    const server = servers.find((s) => s.role_list.length > 0)!;
    const role = server.role_list[0]!;
    await sim.setSwitch({
      kind: 'cannot_recharge',
      gameBaseId: sfl,
      cpServerId: server.cp_server_id,
      mid: member.mid,
      cpRoleId: role.cp_role_id,
    });
    const after = await roleList(secondVariant(sfl));
    const flagged = after.find((s) => s.cp_server_id === server.cp_server_id)!.role_list[0]!;
    expect(flagged).toEqual({ ...role, can_recharge: 0 });
  });

  it('leaves out a character the game server no longer reports', async () => {
    const servers = await roleList(secondVariant(sfl));
    const server = servers.find((s) => s.role_list.length > 0)!;
    const gone = server.role_list[0]!.cp_role_id;
    await sim.setSwitch({
      kind: 'character_missing',
      gameBaseId: sfl,
      cpServerId: server.cp_server_id,
      cpRoleId: gone,
    });
    const { body } = await get(secondVariant(sfl));
    if (servers.flatMap((s) => s.role_list).length === 1) {
      // It was the member's only character: now they have none.
      expect(body.code).toBe(17);
    } else {
      const after = payServerItem.array().parse(body.data);
      expect(after.flatMap((s) => s.role_list).map((r) => r.cp_role_id)).not.toContain(gone);
      expect(after.flatMap((s) => s.role_list)).toHaveLength(servers.flatMap((s) => s.role_list).length - 1);
    }
  });

  it('answers 17 when the member has no character in the game, for that member only', async () => {
    await sim.setSwitch({ kind: 'no_character', gameBaseId: sfl, mid: member.mid });
    await expectCode(regional(sfl), 17);
    await expectCode(secondVariant(sfl), 17);
    const other = await loginTestMember(t.db);
    expect((await roleList(secondVariant(sfl), other)).length).toBe(3);
  });

  it('answers err8 when the game server cannot list the servers', async () => {
    await sim.setSwitch({ kind: 'servers_unavailable', gameBaseId: sfl });
    await expectCode(regional(sfl), 8);
    await expectCode(secondVariant(sfl), 8);
  });

  it('answers err12 when the game has no server, in the catalog or on the game server', async () => {
    await sim.setSwitch({ kind: 'no_servers', gameBaseId: sfl });
    await expectCode(regional(sfl), 12);
    await sim.clearSwitches();
    await t.db.update(payServer).set({ isOnline: false }).where(eq(payServer.gameBaseId, ltb));
    try {
      await expectCode(secondVariant(ltb), 12);
    } finally {
      await t.db.update(payServer).set({ isOnline: true }).where(eq(payServer.gameBaseId, ltb));
    }
    // Every catalog server unknown to the game server is no server either.
    for (const cpServerId of ['1001', '1002', '1003'])
      await sim.setSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId });
    await expectCode(secondVariant(sfl), 12);
  });

  it('answers err10 when the game server cannot list the characters', async () => {
    await sim.setSwitch({ kind: 'characters_unavailable', gameBaseId: sfl, cpServerId: '1002' });
    await expectCode(regional(sfl), 10);
    await expectCode(secondVariant(sfl), 10);
  });

  it('answers err3 for a game not open for top-up or not offered in the region', async () => {
    await expectCode(regional(999999), 3);
    await expectCode(`/pay/api/komoe/webpay/user/role_list?distribution_region=7&game_base_id=${sfl}`, 3);
    await t.db.update(payGame).set({ isOpen: false }).where(eq(payGame.gameBaseId, sfl));
    try {
      await expectCode(secondVariant(sfl), 3);
    } finally {
      await t.db.update(payGame).set({ isOpen: true }).where(eq(payGame.gameBaseId, sfl));
    }
  });
});

describe('get_captcha', () => {
  const url = '/pay/api/web/pay/get_captcha';

  it('refuses a visitor with -101', async () => {
    expect((await get(url, null)).body).toMatchObject({ code: -101, data: null });
  });

  it('answers a fresh captcha picture and token, never cached', async () => {
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('no-store');
    const data = payCaptchaData.parse(first.body.data);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(data.expires_in).toBe(300);
    const second = payCaptchaData.parse((await get(url)).body.data);
    expect(second.captcha_token).not.toBe(data.captcha_token);
  });

  it('is checked once by the order: the right answer passes, anything else is err1', async () => {
    const captcha = new PayCaptchaService(
      createCaptchaService(t.db, { testAnswer: captchaAnswer, now: t.app.now }),
    );
    const issued = async () => payCaptchaData.parse((await get(url)).body.data).captcha_token;
    const refusal = (work: Promise<void>) =>
      work.then(
        () => undefined,
        (error: unknown) => (error instanceof AppError ? [error.code, error.options.domain] : error),
      );

    const token = await issued();
    await expect(captcha.check(token, ` ${captchaAnswer.toUpperCase()} `)).resolves.toBeUndefined();
    expect(await refusal(captcha.check(token, captchaAnswer))).toEqual([1, 'pay']);

    const other = await issued();
    expect(await refusal(captcha.check(other, 'wrong'))).toEqual([1, 'pay']);
    expect(await refusal(captcha.check('made-up-token', captchaAnswer))).toEqual([1, 'pay']);

    // Two orders racing with one solved captcha: one passes.
    const raced = await issued();
    const results = await Promise.all([1, 2, 3].map(() => refusal(captcha.check(raced, captchaAnswer))));
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
  });
});
