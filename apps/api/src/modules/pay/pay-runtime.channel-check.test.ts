/**
 * The start check of channel providers and what players meet: a channel naming a payment provider this
 * deployment has not configured (stripe without its keys) is logged at the start, in production too, and is
 * neither offered to players (channel list, product list, remembered or not) nor takes orders (err13).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codes } from '@gp/errors';
import { loginTestMember } from '../../../test/member-session.ts';
import { addOrderUrl, memberGet, memberPost, orderForm, payTestEnv } from '../../../test/pay-steps.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game } from '../../db/schema/game.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';
import { payChannel } from '../../db/schema/pay.schema.ts';
import { CatalogRepository } from './catalog/catalog.repository.ts';
import { demoStripeChannel } from '../../composition/seed/pay.seed.ts';
import { checkChannelProviders } from './pay-runtime.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sfl: number;
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  await t.db
    .update(payChannel)
    .set({ provider: 'stripe' })
    .where(
      and(
        eq(payChannel.gameBaseId, sfl),
        eq(payChannel.currency, 'THB'),
        eq(payChannel.paymentType, 'promptpay'),
      ),
    );
});
afterAll(() => t.close());

it('logs each channel that names a provider not configured, in production as in development', async () => {
  const repo = new CatalogRepository(t.db);
  const warned: { channels: string[] }[] = [];
  const log = { warn: (context: { channels: string[] }) => void warned.push(context) };
  await expect(checkChannelProviders(repo, ['sandbox'], { log })).resolves.toBeUndefined();
  const lines = warned.flatMap((w) => w.channels);
  expect(lines.join('\n')).toContain(`game ${sfl} THB pay_mode`);
  expect(lines.join('\n')).toContain(
    'promptpay: stripe is not configured (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
  );
  // Configured: nothing to say.
  warned.length = 0;
  await checkChannelProviders(repo, ['sandbox', 'stripe'], { log });
  expect(warned).toEqual([]);
});

const channelsOf = async (url: string) =>
  ((await memberGet(t.app, url, null)).body.data as { payment_type: string; currency: string }[]).map(
    (c) => `${c.currency}:${c.payment_type}`,
  );

it('players are not offered the channel, and an order naming it is refused (err13) with no order made', async () => {
  const webpay = await channelsOf(
    `/pay/api/komoe/webpay/channel_list?distribution_region=5&game_base_id=${sfl}&currency=THB`,
  );
  expect(webpay).not.toContain('THB:promptpay');
  expect(webpay).toContain('THB:card');
  const second = await channelsOf(`/pay/api/web/pay/channel_list?game_base_id=${sfl}`);
  expect(second).not.toContain('THB:promptpay');
  expect(second).toContain('THB:card');

  const member = await loginTestMember(t.db);
  const form = await orderForm(t.app, member, sfl);
  expect(form.payment_type).toBe('promptpay');
  const { body } = await memberPost(t.app, addOrderUrl.webpay, member, form);
  expect(body.code).toBe(codes.payPaymentMethodUnsupported);
  expect(await t.db.select().from(payOrder).where(eq(payOrder.mid, member.mid))).toEqual([]);
});

it('the catalog remembered in memory (public cache on) hides it and refuses it too', async () => {
  const cached = await createTestApp({ ...payTestEnv, PUBLIC_CACHE_TTL_MS: '60000' });
  try {
    const game = (await cached.db.select().from(payChannel)).find(
      (c) => c.paymentType === 'promptpay',
    )!.gameBaseId;
    const url = `/pay/api/komoe/webpay/channel_list?distribution_region=5&game_base_id=${game}&currency=THB`;
    const list = async () =>
      ((await memberGet(cached.app, url, null)).body.data as { payment_type: string }[]).map(
        (c) => c.payment_type,
      );
    expect(await list()).toContain('promptpay');
    // Set to a provider this app does not have, then announced the way a staff write announces it.
    await cached.db
      .update(payChannel)
      .set({ provider: 'stripe' })
      .where(eq(payChannel.paymentType, 'promptpay'));
    cached.app.publicCache.forgetValues();
    expect(await list()).not.toContain('promptpay');
    const member = await loginTestMember(cached.db);
    const form = await orderForm(cached.app, member, game);
    const first = await memberPost(cached.app, addOrderUrl.webpay, member, form);
    expect(first.body.code).toBe(codes.payPaymentMethodUnsupported);
    // Asked again (now from memory): the same answer.
    const again = await memberPost(cached.app, addOrderUrl.webpay, member, {
      ...(await orderForm(cached.app, member, game)),
    });
    expect(again.body.code).toBe(codes.payPaymentMethodUnsupported);
  } finally {
    await cached.close();
  }
});

it("the demo's Lotus Blade THB card channel pays through Stripe while the test server runs, and goes back after", async () => {
  const lotus = (await t.db.select().from(game)).find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
  const providerOf = async (gameBaseId: number, paymentType: string) =>
    (
      await t.db
        .select({ provider: payChannel.provider })
        .from(payChannel)
        .where(
          and(
            eq(payChannel.gameBaseId, gameBaseId),
            eq(payChannel.currency, 'THB'),
            eq(payChannel.paymentType, paymentType),
          ),
        )
    )[0]!.provider;
  await demoStripeChannel(t.db, true);
  expect(await providerOf(lotus, 'card')).toBe('stripe');
  expect(await providerOf(lotus, 'promptpay')).toBeNull();
  expect(await providerOf(sfl, 'card')).toBeNull();
  await demoStripeChannel(t.db, false);
  expect(await providerOf(lotus, 'card')).toBeNull();
});
