import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fansGroupItem, gameListItem, navFlags } from '@gp/contracts/web';
import { createTestApp } from '../../../test/test-app.ts';
import { gameI18n, game } from '../../db/schema/game.schema.ts';
import { navSetting } from '../../db/schema/site.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown } };
};

describe('GET /web/home/nav/list', () => {
  it('answers the flags stored for region 5', async () => {
    const { status, body } = await get('/web/home/nav/list?lang=th');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(navFlags.parse(body.data)).toEqual({
      is_show_cs: 1,
      is_show_fans_group: 1,
      is_show_game: 1,
      is_show_invest: 1,
      is_show_news: 1,
    });
  });

  it('refuses a malformed region with 400 naming the field', async () => {
    const { status, body } = await get('/web/home/nav/list?region=abc');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: -400, data: { fields: [{ field: 'region', code: 'invalid_type' }] } });
  });

  it('reflects a change in the database', async () => {
    await t.db
      .update(navSetting)
      .set({ isShowNews: false, isShowInvest: false })
      .where(eq(navSetting.distributionRegion, 5));
    const { body } = await get('/web/home/nav/list');
    expect(body.data).toMatchObject({ is_show_news: 0, is_show_invest: 0, is_show_cs: 1 });
    await t.db
      .update(navSetting)
      .set({ isShowNews: true, isShowInvest: true })
      .where(eq(navSetting.distributionRegion, 5));
  });
});

describe('GET /web/game/list', () => {
  it('lists the online games in the requested language with icon URLs that resolve', async () => {
    const { body } = await get('/web/game/list?lang=cn');
    expect(body.code).toBe(0);
    const games = gameListItem.array().parse(body.data);
    expect(games.map((g) => g.game_name)).toEqual(['星陨传说', '莲华剑', '季风车手', '龙之港']);
    const icon = new URL(games[0]!.game_icon);
    expect(icon.pathname).toMatch(/^\/upload\/media\/[a-f0-9]{32}\.png$/);
    const res = await t.app.inject({ method: 'GET', url: icon.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('falls back to en for a language without a translation and hides offline games', async () => {
    const [first] = await t.db.select().from(game).where(eq(game.slug, 'lotus-blade'));
    await t.db.delete(gameI18n).where(eq(gameI18n.lang, 'vi'));
    await t.db.update(game).set({ isOnline: false }).where(eq(game.slug, 'monsoon-racers'));
    const { body } = await get('/web/game/list?lang=vi');
    const names = gameListItem
      .array()
      .parse(body.data)
      .map((g) => g.game_name);
    expect(names).toEqual(['Starfall Legends', 'Lotus Blade', 'Harbor of Dragons']);
    expect(first?.url).toBe('https://lotusblade.example.com/');
  });

  it('answers en for an unknown language instead of failing', async () => {
    const { status, body } = await get('/web/game/list?lang=xx');
    expect(status).toBe(200);
    expect(gameListItem.array().parse(body.data)[0]?.game_name).toBe('Starfall Legends');
  });
});

describe('GET /web/game/fans_group/list', () => {
  it('lists fan groups with localized names', async () => {
    const { body } = await get('/web/game/fans_group/list?lang=zh');
    const groups = fansGroupItem.array().parse(body.data);
    expect(groups).toHaveLength(3);
    expect(groups[0]).toEqual({
      url: 'https://community.example.com/starfall-legends',
      group_name: '星隕傳說玩家社群',
    });
  });
});
