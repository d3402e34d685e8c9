/**
 * The start check of channel providers: a channel naming a payment provider this deployment has not
 * configured (stripe without its keys) refuses the start in production, listing the channels, and in
 * development is logged and answers err3 when an order is placed on it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codes } from '@gp/errors';
import { loginTestMember } from '../../../test/member-session.ts';
import { addOrderUrl, memberPost, orderForm, payTestEnv } from '../../../test/pay-steps.ts';
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

it('refuses a production start, listing each channel that names a provider not configured', async () => {
  const repo = new CatalogRepository(t.db);
  const warned: object[] = [];
  const log = { warn: (context: object) => void warned.push(context) };
  const refusal = await checkChannelProviders(repo, ['sandbox'], { production: true, log }).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(refusal).toMatch(
    /pay channels name a payment provider that is not configured \(configured: sandbox\)/,
  );
  expect(refusal).toContain(`game ${sfl} THB pay_mode`);
  expect(refusal).toContain(
    'promptpay: stripe is not configured (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
  );
  expect(warned).toEqual([]);

  // Development: told, not refused.
  await checkChannelProviders(repo, ['sandbox'], { production: false, log });
  expect(JSON.stringify(warned)).toContain('promptpay: stripe is not configured');
  // Configured: nothing to say.
  await expect(
    checkChannelProviders(repo, ['sandbox', 'stripe'], { production: true, log }),
  ).resolves.toBeUndefined();
});

it('in development the channel answers err3 (recharge unavailable) and no order is made', async () => {
  const member = await loginTestMember(t.db);
  const form = await orderForm(t.app, member, sfl);
  expect(form.payment_type).toBe('promptpay');
  const { body } = await memberPost(t.app, addOrderUrl.webpay, member, form);
  expect(body.code).toBe(codes.payRechargeUnavailable);
  expect(await t.db.select().from(payOrder).where(eq(payOrder.mid, member.mid))).toEqual([]);
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
