/**
 * The catalog and character checks order creation runs (PayCatalogService.requireOffer and
 * PayCharacterService.requireRecipient): each refusal with its top-up code, and the snapshots the order keeps.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDatabase } from '../../../../test/test-app.ts';
import type { Database } from '../../../db/database.ts';
import { game } from '../../../db/schema/game.schema.ts';
import {
  payChannel,
  payGame,
  payProduct,
  payProductPrice,
  payServer,
} from '../../../db/schema/pay.schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { GameServerSimRepository } from '../../../dev/game-server/game-server-sim.repository.ts';
import { GameServerSimulator } from '../../../dev/game-server/game-server.simulator.ts';
import { systemClock } from '../../../config/clock.ts';
import { CatalogRepository } from './catalog.repository.ts';
import { PayCatalogService, type OfferRequest } from './pay-catalog.service.ts';
import { PayCharacterService } from './pay-character.service.ts';

let database: Database;
let catalog: PayCatalogService;
let characters: PayCharacterService;
let sim: GameServerSimulator;
let sfl: number;
let ltb: number;
beforeAll(async () => {
  database = await openTestDatabase();
  const repo = new CatalogRepository(database.db);
  catalog = new PayCatalogService(repo, {
    distributionRegion: 5,
    mediaUrl: (id) => `/media/${id}`,
    now: systemClock,
  });
  sim = new GameServerSimulator(new GameServerSimRepository(database.db));
  characters = new PayCharacterService(catalog, repo, sim);
  const games = await database.db.select().from(game);
  sfl = games.find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  ltb = games.find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
});
afterEach(() => sim.clearSwitches());
afterAll(() => database.close());

/** The pay code a promise is refused with. */
async function codeOf(work: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError && error.options.domain === 'pay') return error.code;
    throw error;
  }
}

describe('requireOffer', () => {
  const offer: OfferRequest = {
    gameId: 'sfl_sea',
    productId: 'sfl_sea.gem_980',
    currency: 'THB',
    payMode: 108,
    paymentType: 'promptpay',
    lang: 'th',
  };

  it('snapshots the product at its price, in the page language, with the credit it delivers', async () => {
    expect(await catalog.requireOffer(offer)).toEqual({
      gameBaseId: sfl,
      gameId: 'sfl_sea',
      productId: 'sfl_sea.gem_980',
      productName: 'ผงดาว 980',
      marketingDesc1: 'โบนัส +110',
      marketingDesc2: 'ยอดนิยม',
      price: 54900,
      currency: 'THB',
      exponent: 2,
      payMode: 108,
      paymentType: 'promptpay',
      creditAmount: 1090,
      // The deployment's provider takes it; Stripe would offer its PromptPay (catalog configuration).
      provider: null,
      providerMethods: { stripe: ['promptpay'] },
      minAmount: null,
      maxAmount: null,
    });
    const idr = await catalog.requireOffer({
      ...offer,
      productId: 'sfl_sea.gem_6480',
      currency: 'IDR',
      payMode: 107,
      paymentType: 'razer_gold',
      lang: 'ja',
    });
    expect(idr).toMatchObject({
      productName: '6480 Stardust',
      price: 159900000,
      exponent: 2,
      creditAmount: 8080,
      providerMethods: {},
    });
  });

  it('err3: the game is not open for top-up', async () => {
    expect(await codeOf(catalog.requireOffer({ ...offer, gameId: 'nope' }))).toBe(3);
    expect(await codeOf(catalog.requireOffer({ ...offer, region: 7 }))).toBe(3);
    await database.db.update(payGame).set({ isOpen: false }).where(eq(payGame.gameBaseId, sfl));
    try {
      expect(await codeOf(catalog.requireOffer(offer))).toBe(3);
    } finally {
      await database.db.update(payGame).set({ isOpen: true }).where(eq(payGame.gameBaseId, sfl));
    }
  });

  it('err7: no such product, a product of another game, or no price in this currency and mode', async () => {
    expect(await codeOf(catalog.requireOffer({ ...offer, productId: 'sfl_sea.gem_99999' }))).toBe(7);
    expect(await codeOf(catalog.requireOffer({ ...offer, productId: 'ltb_sea.gem_980' }))).toBe(7);
    expect(await codeOf(catalog.requireOffer({ ...offer, currency: 'EUR' }))).toBe(7);
    expect(await codeOf(catalog.requireOffer({ ...offer, currency: 'VND', payMode: 107 }))).toBe(7);
  });

  it('err6: the product or its price is off sale', async () => {
    expect(await codeOf(catalog.requireOffer({ ...offer, productId: 'sfl.launch_bundle' }))).toBe(6);
    const [product] = await database.db
      .select()
      .from(payProduct)
      .where(eq(payProduct.productId, 'sfl_sea.gem_980'));
    const price = and(
      eq(payProductPrice.payProductId, product!.id),
      eq(payProductPrice.currency, 'THB'),
      eq(payProductPrice.payMode, 108),
    );
    await database.db.update(payProductPrice).set({ isOnSale: false }).where(price);
    try {
      expect(await codeOf(catalog.requireOffer(offer))).toBe(6);
      expect(
        await codeOf(catalog.requireOffer({ ...offer, payMode: 106, paymentType: 'unipin_credits' })),
      ).toBe('ok');
    } finally {
      await database.db.update(payProductPrice).set({ isOnSale: true }).where(price);
    }
  });

  it('err13: an app-store mode, a method the currency does not have, or a closed channel', async () => {
    expect(await codeOf(catalog.requireOffer({ ...offer, payMode: 12 }))).toBe(13);
    expect(await codeOf(catalog.requireOffer({ ...offer, payMode: 105 }))).toBe(13);
    expect(await codeOf(catalog.requireOffer({ ...offer, paymentType: 'gcash' }))).toBe(13);
    expect(await codeOf(catalog.requireOffer({ ...offer, payMode: 107, paymentType: 'promptpay' }))).toBe(13);
    const where = and(eq(payChannel.gameBaseId, sfl), eq(payChannel.paymentType, 'promptpay'));
    await database.db.update(payChannel).set({ isOpen: false }).where(where);
    try {
      expect(await codeOf(catalog.requireOffer(offer))).toBe(13);
    } finally {
      await database.db.update(payChannel).set({ isOpen: true }).where(where);
    }
  });
});

describe('requireRecipient', () => {
  const mid = 777;
  async function target(lang = 'en') {
    const servers = await characters.roleList(mid, undefined, sfl, lang);
    const server = servers.find((s) => s.role_list.length > 0)!;
    const role = server.role_list[0]!;
    return {
      expected: { server, role },
      target: { mid, gameBaseId: sfl, cpServerId: server.cp_server_id, cpRoleId: role.cp_role_id, lang },
    };
  }

  it("snapshots the server's and character's names for the order", async () => {
    const { expected, target: t } = await target('zh');
    expect(await characters.requireRecipient(t)).toEqual({
      gameBaseId: sfl,
      cpServerId: expected.server.cp_server_id,
      serverName: expected.server.server_name,
      cpRoleId: expected.role.cp_role_id,
      roleName: expected.role.role_name,
    });
    expect(expected.server.server_name).toMatch(/^S\d /);
  });

  it('err3 game not open; err12 no server; err8 server list missing', async () => {
    const { target: t } = await target();
    expect(await codeOf(characters.requireRecipient({ ...t, gameBaseId: 999999 }))).toBe(3);
    await sim.setSwitch({ kind: 'no_servers', gameBaseId: sfl });
    expect(await codeOf(characters.requireRecipient(t))).toBe(12);
    await sim.clearSwitches();
    await sim.setSwitch({ kind: 'servers_unavailable', gameBaseId: sfl });
    expect(await codeOf(characters.requireRecipient(t))).toBe(8);
  });

  it('err9: the chosen server is unknown, offline, or no longer reported', async () => {
    const { target: t } = await target();
    expect(await codeOf(characters.requireRecipient({ ...t, cpServerId: '9999' }))).toBe(9);
    expect(await codeOf(characters.requireRecipient({ ...t, cpServerId: '2001' }))).toBe(9);
    await sim.setSwitch({ kind: 'server_missing', gameBaseId: sfl, cpServerId: t.cpServerId });
    expect(await codeOf(characters.requireRecipient(t))).toBe(9);
    await sim.clearSwitches();
    const where = and(eq(payServer.gameBaseId, sfl), eq(payServer.cpServerId, t.cpServerId));
    await database.db.update(payServer).set({ isOnline: false }).where(where);
    try {
      expect(await codeOf(characters.requireRecipient(t))).toBe(9);
    } finally {
      await database.db.update(payServer).set({ isOnline: true }).where(where);
    }
  });

  it('err4: the server is under maintenance (staff flag or game server)', async () => {
    const { target: t } = await target();
    await sim.setSwitch({ kind: 'server_maintenance', gameBaseId: sfl, cpServerId: t.cpServerId });
    expect(await codeOf(characters.requireRecipient(t))).toBe(4);
    // Crane Valley of Lotus Blade is seeded under maintenance.
    expect(
      await codeOf(
        characters.requireRecipient({ mid, gameBaseId: ltb, cpServerId: '2003', cpRoleId: 'x', lang: 'en' }),
      ),
    ).toBe(4);
  });

  it("err11: no such character of this member on the server, or the member's characters are gone", async () => {
    const { target: t } = await target();
    expect(await codeOf(characters.requireRecipient({ ...t, cpRoleId: '1000000000' }))).toBe(11);
    expect(await codeOf(characters.requireRecipient({ ...t, mid: mid + 1 }))).toBe(11);
    await sim.setSwitch({ kind: 'character_missing', gameBaseId: sfl, cpRoleId: t.cpRoleId });
    expect(await codeOf(characters.requireRecipient(t))).toBe(11);
    await sim.clearSwitches();
    await sim.setSwitch({ kind: 'no_character', gameBaseId: sfl, mid });
    expect(await codeOf(characters.requireRecipient(t))).toBe(11);
  });

  it('err10: the game server cannot list the characters', async () => {
    const { target: t } = await target();
    await sim.setSwitch({ kind: 'characters_unavailable', gameBaseId: sfl, mid });
    expect(await codeOf(characters.requireRecipient(t))).toBe(10);
  });

  it('err5: the character may not be topped up', async () => {
    const { target: t } = await target();
    await sim.setSwitch({ kind: 'cannot_recharge', gameBaseId: sfl, mid, cpRoleId: t.cpRoleId });
    expect(await codeOf(characters.requireRecipient(t))).toBe(5);
  });
});
