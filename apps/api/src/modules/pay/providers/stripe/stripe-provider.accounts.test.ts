/**
 * A second Stripe account (STRIPE_ACCOUNTS): a channel naming `stripe.sg` is paid through a provider of that name,
 * whose webhooks arrive at /pay/notify/stripe.sg and are checked with that account's signing secret only: the
 * main account's secret does not open it, nor its secret the main account's path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginTestMember, type TestMember } from '../../../../../test/member-session.ts';
import {
  payTestEnv,
  placeOrder,
  rechargeableRole,
  webPriceOf,
  orderRowOf,
} from '../../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../../test/test-app.ts';
import { game } from '../../../../db/schema/game.schema.ts';
import { payChannel } from '../../../../db/schema/pay.schema.ts';
import { StripeTestServer, type SentWebhook } from '../../../../dev/stripe/stripe-test-server.ts';

const keys = { secretKey: 'sk_test_gp_accounts_0123', webhookSecret: 'whsec_gp_main_0123456789abcdef' };
/** The Singapore account's endpoint secret (its key is the test server's: one local Stripe stands for both). */
const sgSecret = 'whsec_gp_singapore_0123456789ab';

let t: Awaited<ReturnType<typeof createTestApp>>;
let stripe: StripeTestServer;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };

const notify = (path: string, body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/pay/notify/${path}`, payload: body, headers });

beforeAll(async () => {
  // Webhooks are kept, then delivered by the test with the signature of the account it plays.
  stripe = new StripeTestServer({ ...keys, now: () => new Date(), send: async () => 0 });
  t = await createTestApp({
    ...payTestEnv,
    PAY_ORIGIN: 'http://localhost:8082',
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_ACCOUNTS: JSON.stringify({ sg: { secret_key: keys.secretKey, webhook_secret: sgSecret } }),
    STRIPE_API_BASE: await stripe.listen(),
  });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  await t.db
    .update(payChannel)
    .set({ provider: 'stripe.sg' })
    .where(
      and(
        eq(payChannel.gameBaseId, sfl),
        eq(payChannel.currency, 'SGD'),
        eq(payChannel.paymentType, 'paynow'),
      ),
    );
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
/** The webhook signed again with `secret`, as the account whose endpoint it is would sign it. */
function signedWith(sent: SentWebhook, secret: string) {
  const at = Math.floor(Date.now() / 1000);
  return { ...sent.headers, 'stripe-signature': stripe.signature(sent.body, at, secret) };
}

describe('a second Stripe account', () => {
  it("pays the channel naming stripe.sg through it, and takes only that account's webhooks at its path", async () => {
    const created = await placeOrder(t.app, member, sfl, {
      overrides: {
        ...role,
        currency: 'SGD',
        payment_type: 'paynow',
        product_price: await webPriceOf(t.db, sfl, 'SGD'),
      },
    });
    expect((await rowOf(created.order_no)).provider).toBe('stripe.sg');
    expect(stripe.sessions.get(created.pay_order_no)!.session.payment_method_types).toEqual(['paynow']);
    const [completed] = await stripe.decide(created.pay_order_no, 'pay');
    // Signed by the main account: not this account's webhook, here or (for this order) at the main path.
    expect((await notify('stripe.sg', completed!.body, completed!.headers)).statusCode).toBe(401);
    expect((await notify('stripe', completed!.body, signedWith(completed!, sgSecret))).statusCode).toBe(401);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    const taken = await notify('stripe.sg', completed!.body, signedWith(completed!, sgSecret));
    expect(taken.statusCode).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it("lists the account with the main one among this deployment's providers", () => {
    expect(t.app.pay.channelProviders.configured).toEqual(expect.arrayContaining(['stripe', 'stripe.sg']));
    expect(t.app.pay.providers['stripe.sg']!.name).toBe('stripe.sg');
  });
});
