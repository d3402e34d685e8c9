/**
 * Games for staff: privileges, create / edit / switch / delete with their audit rows, where an online game
 * shows (portal and customer-service game lists), what keeps a game from being deleted, and the icon upload's
 * checks.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  gameAdminDetail,
  gameAdminPageData,
  gameIconPolicy,
  imageUploadData,
  type GameAdminDetail,
  type GameForm,
} from '@gp/contracts/catalog-admin';
import { csGameItem } from '@gp/contracts/cs';
import { gameListItem } from '@gp/contracts/web';
import { demoIds, multipartBody, type FilePart } from '../../../test/cs-fixtures.ts';
import { loginTestMember } from '../../../test/member-session.ts';
import {
  loginTestStaff,
  staffGet,
  staffPost,
  staffTestEnv,
  type TestStaff,
} from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { jpegBytes, pngBytes, webpBytes } from '../../../test/test-images.ts';
import { game } from '../../db/schema/game.schema.ts';
import { media } from '../../db/schema/media.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';

const base = '/csmng/komoe/mng/game';

let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: TestStaff;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp({ ...staffTestEnv });
  manager = await loginTestStaff(t.db, { accountId: 'game.manager', privileges: ['games'] });
  ids = await demoIds(t.db);
});
afterAll(() => t.close());

type Body = { code: number; data: unknown };
const body = (res: { json: () => unknown }) => res.json() as Body;
const fieldsOf = (res: Body) => (res.data as { fields: { field: string; code: string }[] }).fields;

/** A form for a game nobody else has (unique game_id, slug and names). */
function newGame(overrides: Partial<GameForm> = {}): GameForm {
  const tag = randomBytes(3).toString('hex');
  return {
    game_id: `nova_${tag}`,
    slug: `nova-${tag}`,
    url: 'https://nova.example.com/',
    sort: 90,
    names: { en: `Nova Saga ${tag}`, th: `โนวา ซาก้า ${tag}` },
    ...overrides,
  };
}

async function save(form: GameForm, who: TestStaff = manager): Promise<GameAdminDetail> {
  const res = body(await staffPost(t.app, who, `${base}/create_update`, form));
  expect(res.code, JSON.stringify(res)).toBe(0);
  return gameAdminDetail.parse(res.data);
}

async function switchOnline(gameBaseId: number, isOnline: 0 | 1) {
  const res = body(
    await staffPost(t.app, manager, `${base}/online/switch`, {
      game_base_id: gameBaseId,
      is_online: isOnline,
    }),
  );
  expect(res.code, JSON.stringify(res)).toBe(0);
  return gameAdminDetail.parse(res.data);
}

function auditRows(action: string, targetId: string | number) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, String(targetId))))
    .orderBy(desc(staffAuditLog.id));
}

async function portalGames(lang: string) {
  const res = body(await t.app.inject({ url: `/web/game/list?lang=${lang}` }));
  return gameListItem.array().parse(res.data);
}
async function serviceGames(lang: string) {
  const res = body(await t.app.inject({ url: `/cs/komoe/api/common/game/list?lang=${lang}` }));
  return csGameItem.array().parse(res.data);
}

function upload(files: FilePart[], who: TestStaff | null = manager) {
  const { payload, headers } = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: who ? `${base}/icon/upload?ct=${encodeURIComponent(who.ct)}` : `${base}/icon/upload`,
    headers,
    payload,
    ...(who ? { cookies: who.cookies } : {}),
  });
}

describe('privileges', () => {
  const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
    [`${base}/search`, 'POST', {}],
    [`${base}/page`, 'GET', {}],
    [`${base}/detail`, 'GET', { game_base_id: 1 }],
    [`${base}/create_update`, 'POST', newGame()],
    [`${base}/online/switch`, 'POST', { game_base_id: 1, is_online: 0 }],
    [`${base}/delete`, 'POST', { game_base_id: 1 }],
  ];
  const send = (who: Parameters<typeof staffGet>[1], url: string, method: string, input: object) =>
    method === 'GET'
      ? staffGet(t.app, who, url, input as Record<string, string | number>)
      : staffPost(t.app, who, url, input);

  it.each(calls)(
    '%s refuses staff without `games` (-401), visitors (-101), a wrong ct (-110)',
    async (url, method, input) => {
      const faqOnly = await loginTestStaff(t.db, { privileges: ['faq', 'content', 'catalog'] });
      expect(body(await send(faqOnly, url, method, input)).code).toBe(-401);
      expect(body(await send(null, url, method, input)).code).toBe(-101);
      expect(body(await send({ ...manager, ct: 'forged-token-forged-token' }, url, method, input)).code).toBe(
        -110,
      );
      const oneTime = await loginTestStaff(t.db, { privileges: ['games'], mustChangePassword: true });
      expect(body(await send(oneTime, url, method, input)).code).toBe(-40007);
    },
  );

  it('the icon upload too, before its body is stored', async () => {
    const faqOnly = await loginTestStaff(t.db, { privileges: ['faq'] });
    const before = await t.db.select({ id: media.id }).from(media);
    const icon = { filename: 'icon.png', contentType: 'image/png', data: pngBytes(7, 7) };
    expect(body(await upload([icon], faqOnly)).code).toBe(-401);
    expect(body(await upload([icon], null)).code).toBe(-101);
    expect(body(await upload([icon], { ...manager, ct: 'forged-token-forged-token' })).code).toBe(-110);
    expect(await t.db.select({ id: media.id }).from(media)).toHaveLength(before.length);
  });

  it('a refused caller changes nothing', async () => {
    const reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
    await staffPost(t.app, reader, `${base}/online/switch`, { game_base_id: ids.sfl, is_online: 0 });
    const [row] = await t.db.select().from(game).where(eq(game.gameBaseId, ids.sfl));
    expect(row!.isOnline).toBe(true);
  });
});

describe('create, switch online, and where the game shows', () => {
  it('a new game starts offline; switched online it is in the portal and customer-service game lists', async () => {
    const form = newGame({ names: { en: 'Aurora Tactics', th: 'ออโรร่า แทคติกส์', zh: '極光戰術' } });
    const created = await save(form);
    expect(created).toMatchObject({
      game_id: form.game_id,
      slug: form.slug,
      url: 'https://nova.example.com/',
      sort: 90,
      is_online: 0,
      game_name: 'Aurora Tactics',
      names: { en: 'Aurora Tactics', th: 'ออโรร่า แทคติกส์', cn: null, vi: null, zh: '極光戰術' },
      icon_media_id: null,
      game_icon: '',
      deletable: 1,
      usage: {
        tickets: 0,
        orders: 0,
        catalog: 0,
        faq: 0,
        question_types: 0,
        articles: 0,
        recommendations: 0,
      },
    });
    expect((await portalGames('en')).map((g) => g.game_name)).not.toContain('Aurora Tactics');
    expect((await serviceGames('en')).map((g) => g.game_name)).not.toContain('Aurora Tactics');
    const [saved] = await auditRows('game.save', created.game_base_id);
    expect(saved).toMatchObject({ actorAccountId: 'game.manager', targetType: 'game', before: null });
    expect(saved!.after).toMatchObject({
      game_id: form.game_id,
      is_online: 0,
      names: { en: 'Aurora Tactics' },
    });

    expect(await switchOnline(created.game_base_id, 1)).toMatchObject({ is_online: 1 });
    const portal = await portalGames('th');
    expect(portal.find((g) => g.game_base_id === created.game_base_id)).toEqual({
      game_base_id: created.game_base_id,
      url: 'https://nova.example.com/',
      game_icon: '',
      game_name: 'ออโรร่า แทคติกส์',
    });
    // vi has no name of its own: en.
    expect((await serviceGames('vi')).find((g) => g.game_base_id === created.game_base_id)?.game_name).toBe(
      'Aurora Tactics',
    );
    expect((await serviceGames('zh')).find((g) => g.game_base_id === created.game_base_id)?.game_name).toBe(
      '極光戰術',
    );
    const [switched] = await auditRows('game.online', created.game_base_id);
    expect(switched).toMatchObject({ before: { is_online: 0 }, after: { is_online: 1 } });

    // The same state again: nothing written or recorded. Offline: gone from both lists.
    await switchOnline(created.game_base_id, 1);
    expect(await auditRows('game.online', created.game_base_id)).toHaveLength(1);
    await switchOnline(created.game_base_id, 0);
    expect((await portalGames('en')).map((g) => g.game_base_id)).not.toContain(created.game_base_id);
    expect((await serviceGames('en')).map((g) => g.game_base_id)).not.toContain(created.game_base_id);
  });

  it('edits: the audit row holds only what changed; saving the same again writes nothing', async () => {
    const form = newGame();
    const created = await save(form);
    const edited = await save({
      ...form,
      game_base_id: created.game_base_id,
      url: 'http://nova.example.com/play',
      names: { en: form.names.en, vi: 'Nova Saga VN' },
    });
    expect(edited).toMatchObject({
      url: 'http://nova.example.com/play',
      names: { th: null, vi: 'Nova Saga VN' },
    });
    const [row] = await auditRows('game.save', created.game_base_id);
    expect(row!.before).toEqual({
      url: 'https://nova.example.com/',
      names: { th: form.names.th, vi: null },
    });
    expect(row!.after).toEqual({
      url: 'http://nova.example.com/play',
      names: { th: null, vi: 'Nova Saga VN' },
    });
    const again = await save({
      ...form,
      game_base_id: created.game_base_id,
      url: 'http://nova.example.com/play',
      names: { en: form.names.en, vi: 'Nova Saga VN' },
    });
    expect(again.updated_at).toBe(edited.updated_at);
    expect(await auditRows('game.save', created.game_base_id)).toHaveLength(2);
  });

  it('refuses taken ids, unsafe URLs, a missing en name and unknown games', async () => {
    const refused = async (form: object) => {
      const res = body(await staffPost(t.app, manager, `${base}/create_update`, form));
      expect(res.code).toBe(-400);
      return fieldsOf(res);
    };
    expect(await refused(newGame({ game_id: 'sfl_sea' }))).toEqual([{ field: 'game_id', code: 'taken' }]);
    expect(await refused(newGame({ slug: 'Starfall-Legends' }))).toEqual([{ field: 'slug', code: 'taken' }]);
    for (const url of ['javascript:alert(1)', 'ftp://nova.example.com/', 'https://a:b@nova.example.com/']) {
      expect((await refused(newGame({ url }))).map((f) => f.field)).toEqual(['url']);
    }
    expect((await refused({ ...newGame(), names: { th: 'โนวา' } })).map((f) => f.field)).toContain(
      'names.en',
    );
    expect(await refused(newGame({ icon_media_id: `${'a'.repeat(32)}.png` }))).toEqual([
      { field: 'icon_media_id', code: 'not_found' },
    ]);
    const missing = 2_000_000;
    expect(
      body(await staffPost(t.app, manager, `${base}/create_update`, newGame({ game_base_id: missing }))).code,
    ).toBe(-404);
    expect(body(await staffGet(t.app, manager, `${base}/detail`, { game_base_id: missing })).code).toBe(-404);
    expect(
      body(await staffPost(t.app, manager, `${base}/online/switch`, { game_base_id: missing, is_online: 1 }))
        .code,
    ).toBe(-404);
    expect(body(await staffPost(t.app, manager, `${base}/delete`, { game_base_id: missing })).code).toBe(
      -404,
    );
  });
});

describe('delete', () => {
  it('deletes a game nothing uses, with its names; the audit row keeps the whole game', async () => {
    const form = newGame();
    const created = await save(form);
    expect(
      body(await staffPost(t.app, manager, `${base}/delete`, { game_base_id: created.game_base_id })).code,
    ).toBe(0);
    expect(
      body(await staffGet(t.app, manager, `${base}/detail`, { game_base_id: created.game_base_id })).code,
    ).toBe(-404);
    const [row] = await auditRows('game.delete', created.game_base_id);
    expect(row!.before).toMatchObject({ game_id: form.game_id, slug: form.slug, names: form.names });
  });

  it('a game with a ticket cannot be deleted (-40010), only taken offline', async () => {
    const created = await save(newGame());
    await switchOnline(created.game_base_id, 1);
    const member = await loginTestMember(t.db);
    const asked = body(
      await t.app.inject({
        method: 'POST',
        url: `/cs/komoe/api/work_order/create?ct=${encodeURIComponent(member.ct)}`,
        cookies: member.cookies,
        payload: {
          game_base_id: created.game_base_id,
          question_type: ids.type('account'),
          email: 'player@example.com',
          question_title: 'Cannot log in to the new game',
          question_content: 'It says my account does not exist.',
        },
      }),
    );
    expect(asked.code, JSON.stringify(asked)).toBe(0);

    const refused = body(
      await staffPost(t.app, manager, `${base}/delete`, { game_base_id: created.game_base_id }),
    );
    expect(refused).toMatchObject({ code: -40010, data: { tickets: 1, orders: 0, catalog: 0 } });
    expect(typeof (refused as { message?: unknown }).message).toBe('string');
    const detail = gameAdminDetail.parse(
      body(await staffGet(t.app, manager, `${base}/detail`, { game_base_id: created.game_base_id })).data,
    );
    expect(detail).toMatchObject({ deletable: 0, usage: { tickets: 1 } });
    expect(await auditRows('game.delete', created.game_base_id)).toHaveLength(0);
    expect(await switchOnline(created.game_base_id, 0)).toMatchObject({ is_online: 0 });
  });

  it('a game with a top-up order cannot be deleted, nor its game_id changed', async () => {
    const form = newGame();
    const created = await save(form);
    const member = await loginTestMember(t.db);
    await t.db.insert(payOrder).values({
      orderNo: `GPTEST${randomBytes(8).toString('hex')}`,
      mid: member.mid,
      variant: 'webpay',
      distributionRegion: 5,
      lang: 'en',
      gameBaseId: created.game_base_id,
      gameId: form.game_id,
      cpServerId: 's1',
      cpRoleId: 'role-1',
      roleName: 'Hero',
      productId: 'gems_60',
      creditAmount: 60,
      price: 3500,
      currency: 'THB',
      payMode: 12,
      paymentType: 'card',
      names: { game: {}, server: {}, product: {}, channel: {} },
      provider: 'sandbox',
      expiresAt: new Date(Date.now() + 600_000),
    });
    const refused = body(
      await staffPost(t.app, manager, `${base}/delete`, { game_base_id: created.game_base_id }),
    );
    expect(refused).toMatchObject({ code: -40010, data: { orders: 1 } });
    const renamed = body(
      await staffPost(t.app, manager, `${base}/create_update`, {
        ...form,
        game_base_id: created.game_base_id,
        game_id: `${form.game_id}_x`,
      }),
    );
    expect(fieldsOf(renamed)).toEqual([{ field: 'game_id', code: 'in_use' }]);
  });

  it('a demo game in the top-up catalog, with FAQ and content, cannot be deleted', async () => {
    const refused = body(await staffPost(t.app, manager, `${base}/delete`, { game_base_id: ids.sfl }));
    expect(refused.code).toBe(-40010);
    const usage = refused.data as Record<string, number>;
    expect(usage.catalog).toBeGreaterThan(0);
    expect(usage.faq).toBeGreaterThan(0);
    expect(usage.question_types).toBeGreaterThan(0);
    const [row] = await t.db.select().from(game).where(eq(game.gameBaseId, ids.sfl));
    expect(row).toBeDefined();
  });
});

describe('search and page', () => {
  it('finds games by a name in any language, the slug or the game_id, and by online state', async () => {
    const tag = randomBytes(3).toString('hex');
    const created = await save(
      newGame({
        game_id: `kite_${tag}`,
        slug: `sky-kite-${tag}`,
        names: { en: `Sky Kite ${tag}`, cn: `风筝 ${tag}` },
      }),
    );
    const search = async (input: object) => {
      const res = body(await staffPost(t.app, manager, `${base}/search`, { ...input }));
      expect(res.code, JSON.stringify(res)).toBe(0);
      return gameAdminPageData.parse(res.data);
    };
    for (const keyword of [`风筝 ${tag}`, `SKY-KITE-${tag}`, `kite_${tag}`]) {
      expect(
        (await search({ keyword })).list.map((g) => g.game_base_id),
        keyword,
      ).toEqual([created.game_base_id]);
    }
    expect((await search({ keyword: tag, is_online: 1 })).total).toBe(0);
    expect((await search({ keyword: tag, is_online: 0 })).total).toBe(1);
    const online = await search({ is_online: 1, page_size: 100 });
    expect(online.list.every((g) => g.is_online === 1)).toBe(true);
    expect(online.list.map((g) => g.game_base_id)).toEqual(expect.arrayContaining([ids.sfl, ids.ltb]));
  });

  it('pages through every game in display order, names in the page language', async () => {
    const page = async (query: Record<string, string | number>) =>
      gameAdminPageData.parse(body(await staffGet(t.app, manager, `${base}/page`, query)).data);
    const all = await page({ page_size: 100, lang: 'zh' });
    expect(all.total).toBe(all.list.length);
    const sorts = all.list.map((g) => g.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(all.list[0]!.game_name).not.toBe(all.list[0]!.names.en); // the demo games have zh names
    const second = await page({ page_size: 2, page_num: 2 });
    expect(second.list.map((g) => g.game_base_id)).toEqual(all.list.slice(2, 4).map((g) => g.game_base_id));
  });
});

describe('icon upload', () => {
  it('stores PNG, JPEG and WebP icons as public media and answers their id, URL and size', async () => {
    for (const [file, type, width, height] of [
      [{ filename: 'icon.png', contentType: 'image/png', data: pngBytes(64, 48) }, 'image/png', 64, 48],
      [
        { filename: 'icon.jpg', contentType: 'image/jpeg', data: jpegBytes(128, 128) },
        'image/jpeg',
        128,
        128,
      ],
      [{ filename: 'icon.webp', contentType: 'image/webp', data: webpBytes('lossless') }, 'image/webp', 1, 1],
    ] as const) {
      const res = body(await upload([file]));
      expect(res.code, JSON.stringify(res)).toBe(0);
      const icon = imageUploadData.parse(res.data);
      expect(icon).toMatchObject({ content_type: type, width, height, byte_size: file.data.length });
      expect(icon.url).toBe(t.app.mediaUrl(icon.media_id));
      const served = await t.app.inject({ url: `/upload/media/${icon.media_id}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      const [row] = await auditRows('game.icon.upload', icon.media_id);
      expect(row).toMatchObject({ actorAccountId: 'game.manager', targetType: 'media' });
      expect(row!.after).toEqual({ content_type: type, byte_size: file.data.length, width, height });
    }
  });

  it('decides by the bytes, not the name or declared type', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000', 'latin1');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    for (const file of [
      { filename: 'icon.png', contentType: 'image/png', data: svg },
      { filename: 'icon.png', contentType: 'image/png', data: gif },
      { filename: 'icon.webp', contentType: 'image/webp', data: exe },
      { filename: 'icon.png', contentType: 'image/png', data: pngBytes(8, 8).subarray(0, 20) },
    ]) {
      expect(fieldsOf(body(await upload([file])))).toEqual([{ field: 'file', code: 'type_not_allowed' }]);
    }
    // A real PNG under another name is still a PNG.
    const renamed = body(
      await upload([{ filename: 'icon.txt', contentType: 'text/plain', data: pngBytes(5, 5) }]),
    );
    expect(imageUploadData.parse(renamed.data).content_type).toBe('image/png');
  });

  it('refuses icons over the size limits, storing nothing', async () => {
    const before = await t.db.select({ id: media.id }).from(media);
    const big = Buffer.concat([Buffer.from(pngBytes(16, 16)), Buffer.alloc(gameIconPolicy.maxBytes)]);
    expect(
      fieldsOf(body(await upload([{ filename: 'big.png', contentType: 'image/png', data: big }]))),
    ).toEqual([{ field: 'file', code: 'too_large' }]);
    // Announced far beyond the limit: refused before the body is read.
    const huge = Buffer.concat([
      Buffer.from(pngBytes(16, 16)),
      Buffer.alloc(gameIconPolicy.maxBytes + 128 * 1024),
    ]);
    const unread = await upload([{ filename: 'huge.png', contentType: 'image/png', data: huge }]);
    expect(unread.statusCode).toBe(400);
    expect(fieldsOf(body(unread))).toEqual([{ field: 'file', code: 'too_large' }]);
    const wide = pngBytes(gameIconPolicy.maxSide + 1, 1);
    expect(
      fieldsOf(body(await upload([{ filename: 'wide.png', contentType: 'image/png', data: wide }]))),
    ).toEqual([{ field: 'file', code: 'too_big_dimensions' }]);
    expect(await t.db.select({ id: media.id }).from(media)).toHaveLength(before.length);
  });

  it('a saved icon shows in the game lists; left out of an edit it stays, null removes it', async () => {
    const icon = imageUploadData.parse(
      body(await upload([{ filename: 'i.png', contentType: 'image/png', data: pngBytes(32, 32) }])).data,
    );
    const form = newGame({ icon_media_id: icon.media_id });
    const created = await save(form);
    expect(created).toMatchObject({ icon_media_id: icon.media_id, game_icon: icon.url });
    await switchOnline(created.game_base_id, 1);
    expect((await portalGames('en')).find((g) => g.game_base_id === created.game_base_id)?.game_icon).toBe(
      icon.url,
    );
    const { icon_media_id: _left, ...withoutIcon } = form;
    const kept = await save({ ...withoutIcon, game_base_id: created.game_base_id });
    expect(kept.icon_media_id).toBe(icon.media_id);
    const removed = await save({ ...form, game_base_id: created.game_base_id, icon_media_id: null });
    expect(removed).toMatchObject({ icon_media_id: null, game_icon: '' });
  });
});
