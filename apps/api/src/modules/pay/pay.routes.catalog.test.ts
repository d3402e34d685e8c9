/** The catalog calls of both pay variants, on the seeded demo catalog (seed step pay-v1). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  payChannelItem,
  payCurrencyItem,
  payGameItem,
  payProductItem,
  payProductWithPrices,
} from '@gp/contracts/pay';
import { createTestApp } from '../../../test/test-app.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import { payChannel, payGame, payProduct, payProductPrice } from '../../db/schema/pay.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sfl: number;
let ltb: number;
beforeAll(async () => {
  t = await createTestApp();
  const games = await t.db.select().from(game);
  sfl = games.find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  ltb = games.find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
});
afterAll(() => t.close());

type Json = { code: number; message: string; data: unknown };
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
};
const webpay = (path: string) => `/pay/api/komoe/webpay/${path}`;
const second = (path: string) => `/pay/api/web/pay/${path}`;

const expectPayError = (body: Json, code: number) => expect(body).toMatchObject({ code, data: null });

describe('switch', () => {
  it('answers the main switch of the named region under the regional path', async () => {
    expect((await get(webpay('switch?distribution_region=5'))).body).toEqual({
      code: 0,
      message: 'success',
      data: { main_switch_status: 1 },
    });
    expect((await get(webpay('switch?distribution_region=9'))).body.data).toEqual({ main_switch_status: 0 });
  });
});

describe('game_list', () => {
  it('lists the games open for top-up with game_id, localized names and icons (both variants)', async () => {
    for (const url of [webpay('game_list?distribution_region=5&lang=th'), second('game_list?lang=th')]) {
      const { status, body, headers } = await get(url);
      expect(status).toBe(200);
      const games = payGameItem.array().parse(body.data);
      expect(games.map((g) => [g.game_id, g.game_name])).toEqual([
        ['sfl_sea', 'ตำนานดาวตก'],
        ['ltb_sea', 'ดาบบัวสวรรค์'],
        ['msr_sea', 'มรสุมเรเซอร์'],
        ['hod_sea', 'ท่าเรือมังกร'],
      ]);
      expect(games[0]!.game_base_id).toBe(sfl);
      expect(games[0]!.game_icon).toMatch(/\/upload\/media\/[a-f0-9]{32}\.png$/);
      expect(headers['cache-control']).toContain('public');
    }
  });

  it('falls back to en and hides games closed for top-up or offline; another region has none', async () => {
    await t.db.delete(gameI18n).where(and(eq(gameI18n.gameBaseId, sfl), eq(gameI18n.lang, 'vi')));
    await t.db.update(payGame).set({ isOpen: false }).where(eq(payGame.gameBaseId, ltb));
    await t.db.update(game).set({ isOnline: false }).where(eq(game.gameId, 'msr_sea'));
    try {
      const games = payGameItem.array().parse((await get(second('game_list?lang=vi'))).body.data);
      expect(games.map((g) => g.game_name)).toEqual(['Starfall Legends', 'Bến Cảng Rồng']);
      expect((await get(webpay('game_list?distribution_region=7'))).body.data).toEqual([]);
    } finally {
      await t.db.update(payGame).set({ isOpen: true }).where(eq(payGame.gameBaseId, ltb));
      await t.db.update(game).set({ isOnline: true }).where(eq(game.gameId, 'msr_sea'));
    }
  });

  it('refuses a malformed region with -400', async () => {
    const { status, body } = await get(webpay('game_list?distribution_region=x'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: -400, data: { fields: [{ field: 'distribution_region' }] } });
  });
});

describe('currency_list', () => {
  it('lists the currencies of a game in display order with their ISO 4217 exponents', async () => {
    const { body } = await get(webpay('currency_list?distribution_region=5&game_id=sfl_sea'));
    expect(payCurrencyItem.array().parse(body.data)).toEqual([
      { currency: 'THB', exponent: 2 },
      { currency: 'VND', exponent: 0 },
      { currency: 'PHP', exponent: 2 },
      { currency: 'IDR', exponent: 2 },
      { currency: 'MYR', exponent: 2 },
      { currency: 'SGD', exponent: 2 },
      { currency: 'USD', exponent: 2 },
    ]);
    const ltbCurrencies = (await get(webpay('currency_list?game_id=ltb_sea'))).body.data as {
      currency: string;
    }[];
    expect(ltbCurrencies.map((c) => c.currency)).toEqual(['THB', 'VND', 'PHP', 'IDR', 'USD']);
  });

  it('answers err3 for a game that is unknown, closed for top-up, or not offered in the region', async () => {
    expectPayError((await get(webpay('currency_list?game_id=nope'))).body, 3);
    expectPayError((await get(webpay('currency_list?distribution_region=7&game_id=sfl_sea'))).body, 3);
    await t.db.update(payGame).set({ isOpen: false }).where(eq(payGame.gameBaseId, sfl));
    try {
      expectPayError((await get(webpay('currency_list?game_id=sfl_sea'))).body, 3);
    } finally {
      await t.db.update(payGame).set({ isOpen: true }).where(eq(payGame.gameBaseId, sfl));
    }
  });

  it('refuses a missing game_id with -400 naming it', async () => {
    const { status, body } = await get(webpay('currency_list?distribution_region=5'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: -400, data: { fields: [{ field: 'game_id' }] } });
  });
});

describe('product_list (regional)', () => {
  const url = (query: string) => webpay(`product_list?distribution_region=5&game_id=sfl_sea&${query}`);

  it('lists the products on sale at their price for a currency and payment mode, in minor units', async () => {
    const { body } = await get(url('currency=THB&pay_mode=108'));
    const products = payProductItem.array().parse(body.data);
    expect(products.map((p) => [p.product_id, p.product_price])).toEqual([
      ['sfl_sea.gem_60', 3500],
      ['sfl_sea.gem_300', 17900],
      ['sfl_sea.gem_980', 54900],
      ['sfl_sea.gem_1980', 110000],
      ['sfl_sea.gem_3280', 180000],
      ['sfl_sea.gem_6480', 370000],
    ]);
    expect(products[2]).toEqual({
      product_id: 'sfl_sea.gem_980',
      product_name: '980 Stardust',
      product_price: 54900,
      currency: 'THB',
      exponent: 2,
      pay_mode: 108,
      marketing_desc_1: '+110 bonus',
      marketing_desc_2: 'Most popular',
      product_image: '',
    });
    // The off-sale launch bundle is never listed.
    expect(products.some((p) => p.product_id === 'sfl.launch_bundle')).toBe(false);
  });

  it('answers in the page language and accepts a lower-case currency', async () => {
    const vnd = payProductItem.array().parse((await get(url('currency=vnd&pay_mode=106&lang=vi'))).body.data);
    expect(vnd[0]).toMatchObject({
      product_name: '60 Bụi Sao',
      product_price: 23000,
      currency: 'VND',
      exponent: 0,
    });
    expect(vnd[5]).toMatchObject({ marketing_desc_1: 'Tặng thêm 1600', marketing_desc_2: 'Giá trị nhất' });
    const idr = payProductItem.array().parse((await get(url('currency=IDR&pay_mode=107&lang=zh'))).body.data);
    expect(idr[1]).toMatchObject({ product_name: '300星塵', product_price: 7900000, exponent: 2 });
    expect(idr[1]!.marketing_desc_1).toBe('額外贈送 30');
  });

  it('hides a price taken off sale and a product taken off sale', async () => {
    const [gem60] = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'sfl_sea.gem_60'));
    const [gem300] = await t.db.select().from(payProduct).where(eq(payProduct.productId, 'sfl_sea.gem_300'));
    await t.db
      .update(payProductPrice)
      .set({ isOnSale: false })
      .where(and(eq(payProductPrice.payProductId, gem60!.id), eq(payProductPrice.currency, 'USD')));
    await t.db.update(payProduct).set({ isOnSale: false }).where(eq(payProduct.id, gem300!.id));
    try {
      const ids = (p: unknown) =>
        payProductItem
          .array()
          .parse(p)
          .map((x) => x.product_id);
      expect(ids((await get(url('currency=USD&pay_mode=107'))).body.data)).toEqual([
        'sfl_sea.gem_980',
        'sfl_sea.gem_1980',
        'sfl_sea.gem_3280',
        'sfl_sea.gem_6480',
      ]);
      expect(ids((await get(url('currency=THB&pay_mode=107'))).body.data)).toHaveLength(5);
    } finally {
      await t.db
        .update(payProductPrice)
        .set({ isOnSale: true })
        .where(eq(payProductPrice.payProductId, gem60!.id));
      await t.db.update(payProduct).set({ isOnSale: true }).where(eq(payProduct.id, gem300!.id));
    }
  });

  it('answers err13 for a payment mode the web does not offer for this currency', async () => {
    // App-store modes never pay on the web; Razer Gold takes no VND; MyCard web takes USD only.
    expectPayError((await get(url('currency=THB&pay_mode=12'))).body, 13);
    expectPayError((await get(url('currency=THB&pay_mode=14'))).body, 13);
    expectPayError((await get(url('currency=VND&pay_mode=107'))).body, 13);
    expectPayError((await get(url('currency=THB&pay_mode=20'))).body, 13);
    expectPayError((await get(url('currency=EUR&pay_mode=108'))).body, 13);
    expect((await get(url('currency=USD&pay_mode=20'))).body.code).toBe(0);
  });

  it('answers err13 once every channel of the mode for the currency is closed', async () => {
    const where = and(
      eq(payChannel.gameBaseId, sfl),
      eq(payChannel.currency, 'PHP'),
      eq(payChannel.payMode, 108),
    );
    await t.db.update(payChannel).set({ isOpen: false }).where(where);
    try {
      expectPayError((await get(url('currency=PHP&pay_mode=108'))).body, 13);
    } finally {
      await t.db.update(payChannel).set({ isOpen: true }).where(where);
    }
  });

  it('answers err3 for a game not open for top-up', async () => {
    expectPayError((await get(webpay('product_list?game_id=zzz&currency=THB&pay_mode=108'))).body, 3);
  });

  it('refuses a malformed currency or an unknown payment mode with -400', async () => {
    for (const [query, field] of [
      ['currency=BAHT&pay_mode=108', 'currency'],
      ['currency=THB&pay_mode=99', 'pay_mode'],
      ['currency=THB&pay_mode=card', 'pay_mode'],
      ['currency=THB', 'pay_mode'],
    ] as const) {
      const { status, body } = await get(url(query));
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ code: -400, data: { fields: [{ field }] } });
    }
  });
});

describe('channel_list (regional)', () => {
  it('lists the open web channels of a currency with localized names, brand names falling back to en', async () => {
    const noLimits = { min_amount: null, max_amount: null };
    const { body } = await get(
      webpay(`channel_list?distribution_region=5&game_base_id=${sfl}&currency=THB&lang=th`),
    );
    expect(payChannelItem.array().parse(body.data)).toEqual([
      { pay_mode: 108, payment_type: 'promptpay', channel_name: 'พร้อมเพย์', currency: 'THB', ...noLimits },
      {
        pay_mode: 108,
        payment_type: 'truemoney',
        channel_name: 'ทรูมันนี่ วอลเล็ท',
        currency: 'THB',
        ...noLimits,
      },
      { pay_mode: 108, payment_type: 'card', channel_name: 'บัตรเครดิต / เดบิต', currency: 'THB', ...noLimits },
      {
        pay_mode: 106,
        payment_type: 'unipin_credits',
        channel_name: 'UniPin เครดิต',
        currency: 'THB',
        ...noLimits,
      },
      { pay_mode: 107, payment_type: 'razer_gold', channel_name: 'Razer Gold', currency: 'THB', ...noLimits },
    ]);
  });

  it('leaves out closed channels and answers none for a currency the game does not sell in', async () => {
    const where = and(eq(payChannel.gameBaseId, sfl), eq(payChannel.paymentType, 'gcash'));
    await t.db.update(payChannel).set({ isOpen: false }).where(where);
    try {
      const php = payChannelItem
        .array()
        .parse((await get(webpay(`channel_list?game_base_id=${sfl}&currency=php`))).body.data);
      expect(php.map((c) => c.payment_type)).toEqual(['maya', 'card', 'unipin_credits', 'razer_gold']);
    } finally {
      await t.db.update(payChannel).set({ isOpen: true }).where(where);
    }
    expect((await get(webpay(`channel_list?game_base_id=${ltb}&currency=MYR`))).body).toMatchObject({
      code: 0,
      data: [],
    });
  });

  it('answers err3 for a game not open for top-up and -400 for a missing currency', async () => {
    expectPayError((await get(webpay('channel_list?game_base_id=999999&currency=THB'))).body, 3);
    const { status, body } = await get(webpay(`channel_list?game_base_id=${sfl}`));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: -400, data: { fields: [{ field: 'currency' }] } });
  });
});

describe('product picture (product_image)', () => {
  it('lists the public URL of the picture staff gave a product, and an empty string without one', async () => {
    const [sflGame] = await t.db.select().from(game).where(eq(game.gameBaseId, sfl));
    // Any stored media file will do: the game's icon.
    const mediaId = sflGame!.iconMediaId!;
    const regional = webpay('product_list?distribution_region=5&game_id=sfl_sea&currency=THB&pay_mode=108');
    const before = await get(regional);
    expect(
      payProductItem
        .array()
        .parse(before.body.data)
        .every((p) => p.product_image === ''),
    ).toBe(true);
    await t.db
      .update(payProduct)
      .set({ imageMediaId: mediaId })
      .where(eq(payProduct.productId, 'sfl_sea.gem_980'));
    try {
      const url = new RegExp(`^https?://[^/]+/upload/media/${mediaId}$`);
      const imageOf = (items: { product_id: string; product_image: string }[]) =>
        Object.fromEntries(items.map((i) => [i.product_id, i.product_image]));

      const after = await get(regional);
      const items = imageOf(payProductItem.array().parse(after.body.data));
      expect(items['sfl_sea.gem_980']).toMatch(url);
      expect(items['sfl_sea.gem_980']).toBe(t.app.mediaUrl(mediaId));
      expect(items['sfl_sea.gem_60']).toBe('');
      // Still a public, cacheable read; its validator changes with the picture.
      expect(after.headers['cache-control']).toContain('public');
      expect(after.headers.etag).toBeTruthy();
      expect(after.headers.etag).not.toBe(before.headers.etag);

      const second1 = payProductItem
        .array()
        .parse((await get(second('product_list?game_id=sfl_sea'))).body.data);
      expect(
        second1.filter((i) => i.product_id === 'sfl_sea.gem_980').every((i) => url.test(i.product_image)),
      ).toBe(true);
      expect(
        second1.filter((i) => i.product_id !== 'sfl_sea.gem_980').every((i) => i.product_image === ''),
      ).toBe(true);

      const v2 = imageOf(
        payProductWithPrices.array().parse((await get(second('product_list/v2?game_id=sfl_sea'))).body.data),
      );
      expect(v2['sfl_sea.gem_980']).toMatch(url);
      expect(v2['sfl_sea.gem_6480']).toBe('');
    } finally {
      await t.db
        .update(payProduct)
        .set({ imageMediaId: null })
        .where(eq(payProduct.productId, 'sfl_sea.gem_980'));
    }
  });
});

describe('second variant product_list, product_list/v2, channel_list', () => {
  it('product_list: every web price of every product on sale, by currency then payment mode', async () => {
    const items = payProductItem.array().parse((await get(second('product_list?game_id=sfl_sea'))).body.data);
    // 20 currency + mode pairs (THB 3, VND 2, PHP 3, IDR 3, MYR 3, SGD 2, USD 4) x 6 packs.
    expect(items).toHaveLength(120);
    expect(new Set(items.map((i) => i.currency))).toEqual(
      new Set(['THB', 'VND', 'PHP', 'IDR', 'MYR', 'SGD', 'USD']),
    );
    expect(items[0]).toMatchObject({ currency: 'THB', pay_mode: 106, product_id: 'sfl_sea.gem_60' });
    expect(items.at(-1)).toMatchObject({ currency: 'USD', pay_mode: 108, product_id: 'sfl_sea.gem_6480' });
    expect(items.every((i) => [20, 106, 107, 108].includes(i.pay_mode))).toBe(true);
  });

  it('product_list/v2: one item per product with its prices, localized', async () => {
    const items = payProductWithPrices
      .array()
      .parse((await get(second('product_list/v2?game_id=sfl_sea&lang=cn'))).body.data);
    expect(items.map((i) => i.product_name)).toEqual([
      '60星尘',
      '300星尘',
      '980星尘',
      '1980星尘',
      '3280星尘',
      '6480星尘',
    ]);
    expect(items[2]).toMatchObject({ marketing_desc_1: '额外赠送 110', marketing_desc_2: '最受欢迎' });
    expect(items[0]!.price_list).toHaveLength(20);
    expect(items[0]!.price_list).toContainEqual({
      currency: 'SGD',
      exponent: 2,
      pay_mode: 107,
      product_price: 148,
    });
    expect(items[5]!.price_list).toContainEqual({
      currency: 'VND',
      exponent: 0,
      pay_mode: 108,
      product_price: 2399000,
    });
  });

  it('channel_list: the open web channels in every currency of the game', async () => {
    const channels = payChannelItem
      .array()
      .parse((await get(second(`channel_list?game_base_id=${ltb}&lang=vi`))).body.data);
    expect([...new Set(channels.map((c) => c.currency))]).toEqual(['THB', 'VND', 'PHP', 'IDR', 'USD']);
    expect(channels.find((c) => c.payment_type === 'momo')?.channel_name).toBe('Ví MoMo');
    expect(channels.find((c) => c.payment_type === 'mycard_point')).toMatchObject({
      pay_mode: 20,
      currency: 'USD',
      channel_name: 'Điểm MyCard',
    });
  });

  it('answer err3 for an unknown game and -400 for missing ids', async () => {
    expectPayError((await get(second('product_list?game_id=unknown'))).body, 3);
    expectPayError((await get(second('product_list/v2?game_id=unknown'))).body, 3);
    expectPayError((await get(second('channel_list?game_base_id=424242'))).body, 3);
    for (const path of ['product_list', 'product_list/v2', 'channel_list?game_base_id=abc']) {
      const { status, body } = await get(second(path));
      expect(status, path).toBe(400);
      expect(body.code, path).toBe(-400);
    }
  });
});
