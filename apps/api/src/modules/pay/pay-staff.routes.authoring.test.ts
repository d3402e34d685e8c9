/**
 * Top-up catalog authoring: a portal game nobody sells goes from nothing to a product players
 * are offered and can order, through the staff calls alone (the channel and the server, which other calls
 * manage, are written here directly). Every call behind `catalog`; each write audited, none for a write that
 * changes nothing; each refusal with its field; the player's calls and the order engine honouring prices per
 * currency and the sale window, with the public cache (and so the order engine's remembered catalog) on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import * as authoring from '@gp/contracts/pay-catalog-authoring';
import { fullPath } from '@gp/contracts';
import { staffPrivileges } from '@gp/contracts/staff';
import { multipartBody } from '../../../test/cs-fixtures.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import {
  addOrderUrl,
  memberGet,
  memberPost,
  orderForm,
  payTestEnv,
  rechargeableRole,
} from '../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { pngBytes } from '../../../test/test-images.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import { payChannel, payServer } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let member: TestMember;
let nova: number;
beforeAll(async () => {
  t = await createTestApp(
    {
      ...payTestEnv,
      // As in production: answers and the order engine's catalog reads kept in memory, forgotten at staff writes
      // (a minute by the app clock, longer than the windows below move it).
      PUBLIC_CACHE_TTL_MS: '60000',
      // Stripe configured beside the sandbox, so a channel may name it (no call reaches Stripe here).
      STRIPE_SECRET_KEY: 'sk_test_authoring',
      STRIPE_WEBHOOK_SECRET: 'whsec_authoring',
    },
    { now: clock.now },
  );
  staff = await loginTestStaff(t.db, { accountId: 'catalog.author', privileges: ['catalog'] });
  member = await loginTestMember(t.db);
  // A game made in the games console, online, that nobody sells yet.
  const [row] = await t.db
    .insert(game)
    .values({
      gameId: 'nova_sea',
      slug: 'nova-sea',
      url: 'https://nova.example.com/',
      isOnline: true,
      sort: 50,
    })
    .returning();
  nova = row!.gameBaseId;
  await t.db.insert(gameI18n).values([
    { gameBaseId: nova, lang: 'en', name: 'Nova Saga' },
    { gameBaseId: nova, lang: 'th', name: 'โนวา ซาก้า' },
  ]);
  await t.db.insert(payServer).values({ gameBaseId: nova, cpServerId: 's1' });
});
afterAll(() => t.close());

const base = '/csmng/komoe/mng/pay';
type Field = { field: string; code: string };
type Body = { code: number; message: string; data: unknown };
const get = async (url: string, query: Record<string, string | number> = {}, who: TestStaff = staff) =>
  (await staffGet(t.app, who, `${base}${url}`, query)).json() as Body;
const post = async (url: string, input: object, who: TestStaff = staff) =>
  (await staffPost(t.app, who, `${base}${url}`, input)).json() as Body;
const ok = async <T>(answer: Promise<Body>): Promise<T> => {
  const res = await answer;
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data as T;
};
/** The -400's field problems. */
const refusal = async (answer: Promise<Body>): Promise<Field[]> => {
  const res = await answer;
  expect(res.code, JSON.stringify(res)).toBe(-400);
  return (res.data as { fields: Field[] }).fields;
};
const auditOf = (action: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));

const product = (overrides: Partial<authoring.PayProductForm> = {}): authoring.PayProductForm => ({
  game_base_id: nova,
  product_id: 'nova.gem_100',
  credit_amount: 100,
  sort: 1,
  is_on_sale: 1,
  texts: {
    en: { name: '100 Gems', marketing_desc_1: 'Best value', marketing_desc_2: '' },
    th: { name: '100 เจม', marketing_desc_1: 'คุ้มที่สุด', marketing_desc_2: '' },
    cn: { name: '', marketing_desc_1: '', marketing_desc_2: '' },
  },
  ...overrides,
});

type Offered = { product_id: string; product_name: string; product_price: number; currency: string };
/** What the player's product list offers (regional variant) for a currency and mode. */
async function offered(currency: string, payMode = 108, lang = 'en') {
  const { body } = await memberGet(
    t.app,
    `/pay/api/komoe/webpay/product_list?distribution_region=5&game_id=nova_sea&currency=${currency}&pay_mode=${payMode}&lang=${lang}`,
    null,
  );
  return body as { code: number; data: Offered[] | null };
}

async function addOrderCode(overrides: Record<string, string | number> = {}) {
  const role = await rechargeableRole(t.app, member, nova);
  const form = await orderForm(t.app, member, nova, {
    game_id: 'nova_sea',
    cp_server_id: role.cpServerId,
    cp_role_id: role.cpRoleId,
    product_id: 'nova.gem_100',
    product_name: '100 Gems',
    product_price: 3500,
    currency: 'THB',
    pay_mode: 108,
    payment_type: 'promptpay',
    ...overrides,
  });
  return (await memberPost(t.app, addOrderUrl.webpay, member, form)).body.code;
}

function upload(bytes: Uint8Array, who: TestStaff = staff) {
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'gem.png', contentType: 'image/png', data: Buffer.from(bytes) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${base}/product/image/upload?ct=${encodeURIComponent(who.ct)}`,
    headers,
    payload,
    cookies: who.cookies,
  });
}

const calls = Object.values(authoring).filter(
  (value): value is typeof authoring.payAuthoringGameSave =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('privileges', () => {
  it('every call: -101 without a session, -110 with a wrong ct, -401 without catalog, -40007 before the password change', async () => {
    expect(calls).toHaveLength(13);
    const others = await loginTestStaff(t.db, {
      privileges: staffPrivileges.map((p) => p.name).filter((name) => name !== 'catalog'),
    });
    const fresh = await loginTestStaff(t.db, { privileges: ['catalog'], mustChangePassword: true });
    const writesBefore = (await t.db.select().from(staffAuditLog)).length;
    for (const call of calls) {
      const url = fullPath(call);
      const send = (who: Pick<TestStaff, 'ct' | 'cookies'> | null) =>
        call.method === 'GET' ? staffGet(t.app, who, url) : staffPost(t.app, who, url, {});
      expect((await send(null)).json().code, `${url} without a session`).toBe(-101);
      expect((await send({ ...others, ct: 'wrong' })).json().code, `${url} wrong ct`).toBe(-110);
      expect((await send(others)).json().code, `${url} without catalog`).toBe(-401);
      expect((await send(fresh)).json().code, `${url} one-time password`).toBe(-40007);
    }
    expect(await t.db.select().from(staffAuditLog)).toHaveLength(writesBefore);
  });
});

describe('a new game from nothing to an order', () => {
  it('turns top-up on for a portal game: listed as a candidate, added closed, opened; audited once per change', async () => {
    const options = await ok<authoring.PayAuthoringGameOption[]>(get('/game/options'));
    expect(options.find((g) => g.game_base_id === nova)).toEqual({
      game_base_id: nova,
      game_id: 'nova_sea',
      game_name: 'Nova Saga',
      is_online: 1,
      in_catalog: 0,
    });
    expect(await refusal(post('/game/save', { game_base_id: 999_999, is_open: 1 }))).toEqual([
      { field: 'game_base_id', code: 'not_found' },
    ]);
    expect(await refusal(post('/game/save', { game_base_id: nova, is_open: 2 }))).toMatchObject([
      { field: 'is_open' },
    ]);

    const added = await ok(post('/game/save', { game_base_id: nova, is_open: 0, sort: 9 }));
    expect(added).toEqual({
      game_base_id: nova,
      game_id: 'nova_sea',
      game_name: 'Nova Saga',
      is_open: 0,
      is_online: 1,
      currencies: [],
      sort: 9,
    });
    const gameList = async () =>
      (
        (await memberGet(t.app, '/pay/api/komoe/webpay/game_list?distribution_region=5', null)).body.data as {
          game_id: string;
        }[]
      ).map((g) => g.game_id);
    expect(await gameList()).not.toContain('nova_sea');
    const opened = await ok(
      post('/game/save', { distribution_region: 5, game_base_id: nova, is_open: 1, sort: 9 }),
    );
    expect(opened).toMatchObject({ is_open: 1 });
    expect(await gameList()).toContain('nova_sea');
    // The same again changes nothing and records nothing.
    await ok(post('/game/save', { game_base_id: nova, is_open: 1, sort: 9 }));
    const rows = await auditOf('pay.game.save');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actorAccountId: 'catalog.author',
      targetType: 'pay_game',
      targetId: `5/${nova}`,
      before: null,
      after: { is_open: 0, sort: 9 },
    });
    expect(rows[0]).toMatchObject({ before: { is_open: 0, sort: 9 }, after: { is_open: 1, sort: 9 } });
    expect(
      (await ok<authoring.PayAuthoringGameOption[]>(get('/game/options'))).find(
        (g) => g.game_base_id === nova,
      ),
    ).toMatchObject({ in_catalog: 1 });
  });

  it('gives a new region its pay switch, off, with its first game: staff turn it on with no SQL', async () => {
    const region = 61;
    expect(await refusal(get('/switch/detail', { distribution_region: region }))).toEqual([
      { field: 'distribution_region', code: 'unknown_region' },
    ]);
    await ok(post('/game/save', { distribution_region: region, game_base_id: nova, is_open: 1, sort: 1 }));
    expect(await ok(get('/switch/detail', { distribution_region: region }))).toMatchObject({
      distribution_region: region,
      main_switch_status: 0,
    });
    expect(
      await ok(post('/switch/set', { distribution_region: region, main_switch_status: 1 })),
    ).toMatchObject({ main_switch_status: 1 });
    // Saving the region's games again leaves the switch as staff set it.
    await ok(post('/game/save', { distribution_region: region, game_base_id: nova, is_open: 0, sort: 1 }));
    expect(await ok(get('/switch/detail', { distribution_region: region }))).toMatchObject({
      main_switch_status: 1,
    });
  });

  it('chooses the currencies: known ISO 4217 codes only, added at the end, put in order', async () => {
    expect(await refusal(post('/currency/add', { game_base_id: nova, currency: 'XYZ' }))).toEqual([
      { field: 'currency', code: 'unknown_currency' },
    ]);
    expect((await post('/currency/add', { game_base_id: 999_999, currency: 'THB' })).code).toBe(-404);
    await ok(post('/currency/add', { game_base_id: nova, currency: 'thb' }));
    const both = await ok<authoring.PayAuthoringCurrencyItem[]>(
      post('/currency/add', { game_base_id: nova, currency: 'VND' }),
    );
    expect(both).toEqual([
      { currency: 'THB', exponent: 2, sort: 0, price_count: 0, channel_count: 0 },
      { currency: 'VND', exponent: 0, sort: 1, price_count: 0, channel_count: 0 },
    ]);
    // Adding one it sells in already changes nothing.
    await ok(post('/currency/add', { game_base_id: nova, currency: 'VND' }));
    expect(await refusal(post('/currency/order', { game_base_id: nova, currencies: ['VND'] }))).toEqual([
      { field: 'currencies', code: 'mismatch' },
    ]);
    expect(
      await refusal(post('/currency/order', { game_base_id: nova, currencies: ['VND', 'VND'] })),
    ).toEqual([{ field: 'currencies', code: 'mismatch' }]);
    const ordered = await ok<authoring.PayAuthoringCurrencyItem[]>(
      post('/currency/order', { game_base_id: nova, currencies: ['VND', 'THB'] }),
    );
    expect(ordered.map((c) => c.currency)).toEqual(['VND', 'THB']);
    await ok(post('/currency/order', { game_base_id: nova, currencies: ['THB', 'VND'] }));
    const rows = await auditOf('pay.currency');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({
      targetType: 'pay_currency',
      targetId: String(nova),
      before: { currencies: [] },
      after: { currencies: ['THB'] },
    });
    expect(rows[1]).toMatchObject({
      before: { currencies: ['THB', 'VND'] },
      after: { currencies: ['VND', 'THB'] },
    });
    expect(await ok(get('/currency/list', { game_base_id: nova }))).toEqual(both);
  });

  it('creates a product: texts per language (en required), credit > 0, unique id; refusals name the field', async () => {
    expect(await refusal(post('/product/create', product({ credit_amount: 0 })))).toMatchObject([
      { field: 'credit_amount' },
    ]);
    expect(
      await refusal(
        post(
          '/product/create',
          product({ texts: { en: { name: '', marketing_desc_1: '', marketing_desc_2: '' } } }),
        ),
      ),
    ).toMatchObject([{ field: 'texts.en.name' }]);
    expect(await refusal(post('/product/create', product({ product_id: 'bad id' })))).toMatchObject([
      { field: 'product_id' },
    ]);
    expect(
      await refusal(
        post(
          '/product/create',
          product({ sale_from: '2030-01-02T00:00:00Z', sale_until: '2030-01-01T00:00:00Z' }),
        ),
      ),
    ).toEqual([{ field: 'sale_until', code: 'before_start' }]);
    expect(await refusal(post('/product/create', product({ image_media_id: 'nope.png' })))).toEqual([
      { field: 'image_media_id', code: 'not_found' },
    ]);
    expect(await auditOf('pay.product.save')).toHaveLength(0);

    const created = await ok<Record<string, unknown>>(post('/product/create', product()));
    expect(created).toMatchObject({
      product_id: 'nova.gem_100',
      product_name: '100 Gems',
      credit_amount: 100,
      is_on_sale: 1,
      image_url: '',
      sale_from: null,
      sale_until: null,
      price_list: [],
    });
    expect(await refusal(post('/product/create', product()))).toEqual([
      { field: 'product_id', code: 'taken' },
    ]);
    const detail = await ok(get('/product/detail', { game_base_id: nova, product_id: 'nova.gem_100' }));
    expect(detail).toMatchObject({
      texts: {
        en: { name: '100 Gems', marketing_desc_1: 'Best value', marketing_desc_2: '' },
        th: { name: '100 เจม', marketing_desc_1: 'คุ้มที่สุด', marketing_desc_2: '' },
      },
    });
    expect((detail as { texts: object }).texts).not.toHaveProperty('cn');
    const [row] = await auditOf('pay.product.save');
    expect(row).toMatchObject({
      targetType: 'pay_product',
      targetId: `${nova}/nova.gem_100`,
      before: null,
      after: { credit_amount: 100, texts: { en: '100 Gems | Best value | ', th: '100 เจม | คุ้มที่สุด | ' } },
    });
    expect((await get('/product/detail', { game_base_id: nova, product_id: 'nova.none' })).code).toBe(-404);
  });

  it('prices in major units, checked against the decimals and the providers, stored in minor units', async () => {
    const price = (amount: string, currency = 'THB', payMode = 108) =>
      post('/product/price/save', {
        game_base_id: nova,
        product_id: 'nova.gem_100',
        currency,
        pay_mode: payMode,
        amount,
      });
    expect(await refusal(price('35.001'))).toEqual([{ field: 'amount', code: 'too_many_decimals' }]);
    expect(await refusal(price('1.5', 'VND'))).toEqual([{ field: 'amount', code: 'too_many_decimals' }]);
    expect(await refusal(price('0.00'))).toEqual([{ field: 'amount', code: 'not_positive' }]);
    expect(await refusal(price('35,00'))).toEqual([{ field: 'amount', code: 'invalid_format' }]);
    expect(await refusal(price('35.00', 'USD'))).toEqual([{ field: 'currency', code: 'not_sold' }]);
    expect(await refusal(price('35.00', 'THB', 99))).toMatchObject([{ field: 'pay_mode' }]);
    expect(
      (
        await post('/product/price/save', {
          game_base_id: nova,
          product_id: 'nova.none',
          currency: 'THB',
          pay_mode: 108,
          amount: '1',
        })
      ).code,
    ).toBe(-404);

    const saved = await ok<{ price_list: unknown[] }>(price('35.00'));
    expect(saved.price_list).toEqual([
      expect.objectContaining({
        currency: 'THB',
        exponent: 2,
        pay_mode: 108,
        product_price: 3500,
        is_on_sale: 1,
      }),
    ]);
    // Zeros beyond the currency's decimals say nothing; the same price again records nothing.
    await ok(price('35.000'));
    const rows = await auditOf('pay.product.price');
    expect(rows.filter((r) => r.targetId === `${nova}/nova.gem_100`)).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      before: null,
      after: { currency: 'THB', pay_mode: 108, product_price: 3500 },
    });
  });

  it('offers the product to players only with an open channel and only in the currencies it is priced in', async () => {
    // No channel yet: the mode is not offered (err13).
    expect((await offered('THB')).code).toBe(13);
    await t.db.insert(payChannel).values([
      { gameBaseId: nova, currency: 'THB', payMode: 108, paymentType: 'promptpay' },
      { gameBaseId: nova, currency: 'VND', payMode: 108, paymentType: 'momo' },
    ]);
    // Rows written behind the app's back (the channel): the next staff write forgets what is remembered.
    await ok(post('/game/save', { game_base_id: nova, is_open: 1, sort: 8 }));
    expect(await offered('THB', 108, 'th')).toEqual({
      code: 0,
      message: expect.any(String),
      data: [
        expect.objectContaining({ product_id: 'nova.gem_100', product_name: '100 เจม', product_price: 3500 }),
      ],
    });
    // VND has an open channel but no price: the product is not offered in it.
    expect(await offered('VND')).toMatchObject({ code: 0, data: [] });
    const { body } = await memberGet(t.app, '/pay/api/web/pay/product_list/v2?game_id=nova_sea', null);
    expect(body.data).toEqual([
      expect.objectContaining({
        product_id: 'nova.gem_100',
        price_list: [expect.objectContaining({ currency: 'THB', product_price: 3500 })],
      }),
    ]);
    expect(await addOrderCode()).toBe(0);
    // An order in a currency it has no price in is refused as an unknown product (err7).
    expect(await addOrderCode({ currency: 'VND', product_price: 100000, payment_type: 'momo' })).toBe(7);
  });

  it('edits a product: the id stays, only what changed is audited, a second save records nothing', async () => {
    const changed = await ok(
      post(
        '/product/update',
        product({
          credit_amount: 110,
          texts: {
            en: { name: '100 Gems', marketing_desc_1: 'Best value', marketing_desc_2: '' },
            th: { name: '100 เจม (+10)', marketing_desc_1: '', marketing_desc_2: '' },
          },
        }),
      ),
    );
    expect(changed).toMatchObject({
      credit_amount: 110,
      price_list: [expect.objectContaining({ product_price: 3500 })],
    });
    const [row] = await auditOf('pay.product.save');
    expect(row).toMatchObject({
      before: { credit_amount: 100, texts: { th: '100 เจม | คุ้มที่สุด | ' } },
      after: { credit_amount: 110, texts: { th: '100 เจม (+10) |  | ' } },
    });
    expect(Object.keys(row!.after as object).sort()).toEqual(['credit_amount', 'texts']);
    const count = (await auditOf('pay.product.save')).length;
    await ok(
      post(
        '/product/update',
        product({
          credit_amount: 110,
          texts: {
            en: { name: '100 Gems', marketing_desc_1: 'Best value', marketing_desc_2: '' },
            th: { name: '100 เจม (+10)', marketing_desc_1: '', marketing_desc_2: '' },
          },
        }),
      ),
    );
    expect(await auditOf('pay.product.save')).toHaveLength(count);
    expect((await post('/product/update', product({ product_id: 'nova.none' }))).code).toBe(-404);
    expect((await offered('THB', 108, 'th')).data?.[0]?.product_name).toBe('100 เจม (+10)');
  });

  it('keeps a product outside its sale window from players and refuses its orders as off sale (err6)', async () => {
    const texts = product().texts;
    // Starts in 20 s: not offered, orders refused - also from the order engine's remembered catalog.
    await ok(
      post(
        '/product/update',
        product({ credit_amount: 110, texts, sale_from: clock.later(20_000).toISOString() }),
      ),
    );
    expect((await offered('THB')).data).toEqual([]);
    expect(await addOrderCode()).toBe(6);
    // The time comes (no staff write in between, what is remembered still fresh): offered and sold.
    clock.advance(20_000);
    expect((await offered('THB')).data).toHaveLength(1);
    expect(await addOrderCode()).toBe(0);
    // Ends in 20 s: sold now (which fills the remembered catalog), off sale once they have passed.
    await ok(
      post(
        '/product/update',
        product({ credit_amount: 110, texts, sale_until: clock.later(20_000).toISOString() }),
      ),
    );
    expect(await addOrderCode()).toBe(0);
    expect(await addOrderCode()).toBe(0);
    clock.advance(20_000);
    expect((await offered('THB')).data).toEqual([]);
    expect(await addOrderCode()).toBe(6);
    // Back on sale without a window.
    await ok(post('/product/update', product({ credit_amount: 110, texts })));
    expect(await addOrderCode()).toBe(0);
  });

  it('uploads a picture and saves it with the product', async () => {
    const res = upload(pngBytes(64, 64));
    const uploaded = (await res).json() as Body;
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(0);
    const image = uploaded.data as { media_id: string; url: string };
    const [row] = await auditOf('pay.product.image.upload');
    expect(row).toMatchObject({ targetType: 'media', targetId: image.media_id });
    const saved = await ok(
      post('/product/update', product({ credit_amount: 110, image_media_id: image.media_id })),
    );
    expect(saved).toMatchObject({ image_url: image.url });
    // Left out on a save: the picture stays.
    const kept = await ok(post('/product/update', product({ credit_amount: 111 })));
    expect(kept).toMatchObject({ image_url: image.url });
    const refused = (await upload(new Uint8Array([1, 2, 3, 4]))).json() as Body;
    expect(refused).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'file', code: 'type_not_allowed' }] },
    });
  });

  it("checks prices against the channel's provider: Stripe's minimum and maximum charge", async () => {
    // A Stripe channel for THB through mode 20: Stripe takes THB 10.00 to THB 999,999.99.
    await t.db.insert(payChannel).values({
      gameBaseId: nova,
      currency: 'THB',
      payMode: 20,
      paymentType: 'card',
      provider: 'stripe',
      providerMethods: { stripe: ['card'] },
    });
    expect(await ok(get('/price/limits', { game_base_id: nova, currency: 'THB', pay_mode: 20 }))).toEqual({
      currency: 'THB',
      exponent: 2,
      pay_mode: 20,
      min: 1000,
      max: 99_999_999,
      providers: ['stripe'],
    });
    // The sandbox (the deployment's provider here) takes nearly anything.
    expect(
      await ok(get('/price/limits', { game_base_id: nova, currency: 'THB', pay_mode: 108 })),
    ).toMatchObject({
      min: 1,
      providers: ['sandbox'],
    });
    const price = (amount: string) =>
      post('/product/price/save', {
        game_base_id: nova,
        product_id: 'nova.gem_100',
        currency: 'THB',
        pay_mode: 20,
        amount,
      });
    expect(await refusal(price('9.99'))).toEqual([{ field: 'amount', code: 'below_minimum' }]);
    expect(await refusal(price('1000000.00'))).toEqual([{ field: 'amount', code: 'above_maximum' }]);
    const saved = await ok<{ price_list: { pay_mode: number; product_price: number }[] }>(price('10'));
    expect(saved.price_list.find((p) => p.pay_mode === 20)?.product_price).toBe(1000);
  });

  it('removes a currency only once nothing uses it, and prices one by one', async () => {
    expect(await refusal(post('/currency/remove', { game_base_id: nova, currency: 'THB' }))).toEqual([
      { field: 'currency', code: 'has_prices' },
    ]);
    expect(await refusal(post('/currency/remove', { game_base_id: nova, currency: 'VND' }))).toEqual([
      { field: 'currency', code: 'has_channels' },
    ]);
    const remove = (payMode: number) =>
      post('/product/price/remove', {
        game_base_id: nova,
        product_id: 'nova.gem_100',
        currency: 'THB',
        pay_mode: payMode,
      });
    await ok(remove(20));
    const left = await ok<{ price_list: unknown[] }>(remove(108));
    expect(left.price_list).toEqual([]);
    expect(await refusal(remove(108))).toEqual([{ field: 'pay_mode', code: 'no_price' }]);
    const [row] = await auditOf('pay.product.price.remove');
    expect(row).toMatchObject({
      before: { currency: 'THB', pay_mode: 108, product_price: 3500, is_on_sale: 1 },
      after: null,
    });
    // No price left: not offered, and orders refused.
    expect((await offered('THB')).data).toEqual([]);
    expect(await addOrderCode()).toBe(7);
    await t.db.delete(payChannel).where(and(eq(payChannel.gameBaseId, nova), eq(payChannel.currency, 'THB')));
    const removed = await ok<authoring.PayAuthoringCurrencyItem[]>(
      post('/currency/remove', { game_base_id: nova, currency: 'THB' }),
    );
    expect(removed.map((c) => c.currency)).toEqual(['VND']);
    expect((await auditOf('pay.currency'))[0]).toMatchObject({
      before: { currencies: ['THB', 'VND'] },
      after: { currencies: ['VND'] },
    });
  });
});
