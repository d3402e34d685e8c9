import type { FastifyInstance } from 'fastify';
import {
  payAddPayOrder,
  payChannelList,
  payGameList,
  payGetCaptcha,
  payOrderDetail,
  payOrderHistory,
  payOrderResult,
  payProductList,
  payProductListV2,
  payRoleList,
  paySwitch,
  webpayAddOrder,
  webpayChannelList,
  webpayCurrencyList,
  webpayGameList,
  webpayOrderDetail,
  webpayOrderHistory,
  webpayOrderResult,
  webpayProductList,
  webpayRoleList,
  webpaySwitch,
} from '@gp/contracts/pay';
import { memberOf, registerCall, type CallContext } from '../../http/register-call.ts';
import type { AddOrderInput } from './orders/pay-order.service.ts';
import { payLiveRoutes } from './orders/pay-live.routes.ts';
import { payNotifyRoutes } from './providers/pay-notify.routes.ts';

type OrderFields = Omit<
  AddOrderInput,
  'variant' | 'mid' | 'loginType' | 'lang' | 'distributionRegion' | 'region' | 'addExtra'
>;

/** The add-order payload of both variants, as the order engine takes it. */
function orderFields(input: {
  game_base_id: number;
  game_id: string;
  cp_server_id: string;
  cp_role_id: string;
  product_id: string;
  product_price: number;
  currency: string;
  pay_mode: number;
  payment_type: string;
  captcha_token: string;
  captcha_code: string;
  idempotency_key: string;
}): OrderFields {
  return {
    gameBaseId: input.game_base_id,
    gameId: input.game_id,
    cpServerId: input.cp_server_id,
    cpRoleId: input.cp_role_id,
    productId: input.product_id,
    productPrice: input.product_price,
    currency: input.currency,
    payMode: input.pay_mode,
    paymentType: input.payment_type,
    captchaToken: input.captcha_token,
    captchaCode: input.captcha_code,
    idempotencyKey: input.idempotency_key,
  };
}

function caller(ctx: CallContext) {
  const member = memberOf(ctx);
  return { mid: member.mid, loginType: member.loginType, lang: ctx.lang };
}

export async function payRoutes(app: FastifyInstance) {
  const { switches, catalog, characters, captcha, orders } = app.pay;

  // Pay switch of both variants.
  registerCall(app, paySwitch, (input) => switches.status(input.distribution_region));
  registerCall(app, webpaySwitch, (input) => switches.status(input.distribution_region));

  // Regional web pay: the caller names the distribution region.
  registerCall(app, webpayGameList, (input, ctx) => catalog.games(input.distribution_region, ctx.lang));
  registerCall(app, webpayCurrencyList, (input) =>
    catalog.currencies(input.distribution_region, input.game_id),
  );
  registerCall(app, webpayRoleList, (input, ctx) =>
    characters.roleList(memberOf(ctx).mid, input.distribution_region, input.game_base_id, ctx.lang),
  );
  registerCall(app, webpayProductList, (input, ctx) =>
    catalog.productsFor(
      {
        region: input.distribution_region,
        gameId: input.game_id,
        currency: input.currency,
        payMode: input.pay_mode,
      },
      ctx.lang,
    ),
  );
  registerCall(app, webpayChannelList, (input, ctx) =>
    catalog.channels(input.distribution_region, input.game_base_id, input.currency, ctx.lang),
  );
  registerCall(app, webpayAddOrder, (input, ctx) =>
    orders.addOrder({
      variant: 'webpay',
      ...caller(ctx),
      distributionRegion: input.distribution_region,
      ...orderFields(input),
    }),
  );
  registerCall(app, webpayOrderDetail, (input, ctx) =>
    orders.detail(memberOf(ctx).mid, input.order_no, ctx.lang),
  );
  registerCall(app, webpayOrderHistory, (input, ctx) =>
    orders.history(
      memberOf(ctx).mid,
      input.distribution_region,
      { pageNum: input.page_num, pageSize: input.page_size },
      ctx.lang,
    ),
  );
  registerCall(app, webpayOrderResult, (input, ctx) =>
    orders.result(memberOf(ctx).mid, input.pay_order_no, ctx.lang),
  );

  // Second variant: the site's distribution region; `region` and `addExtra` are kept on the order as sent.
  registerCall(app, payGameList, (_, ctx) => catalog.games(undefined, ctx.lang));
  registerCall(app, payRoleList, (input, ctx) =>
    characters.roleList(memberOf(ctx).mid, undefined, input.game_base_id, ctx.lang),
  );
  registerCall(app, payProductList, (input, ctx) => catalog.allProducts(input.game_id, ctx.lang));
  registerCall(app, payProductListV2, (input, ctx) => catalog.productsWithPrices(input.game_id, ctx.lang));
  registerCall(app, payChannelList, (input, ctx) =>
    catalog.channels(undefined, input.game_base_id, undefined, ctx.lang),
  );
  registerCall(app, payGetCaptcha, () => captcha.issue());
  registerCall(app, payAddPayOrder, (input, ctx) =>
    orders.addOrder({
      variant: 'pay',
      ...caller(ctx),
      region: input.region,
      addExtra: input.addExtra,
      ...orderFields(input),
    }),
  );
  registerCall(app, payOrderDetail, (input, ctx) =>
    orders.detail(memberOf(ctx).mid, input.order_no, ctx.lang),
  );
  registerCall(app, payOrderHistory, (input, ctx) =>
    orders.history(
      memberOf(ctx).mid,
      undefined,
      { pageNum: input.page_num, pageSize: input.page_size },
      ctx.lang,
    ),
  );
  registerCall(app, payOrderResult, (input, ctx) =>
    orders.result(memberOf(ctx).mid, input.pay_order_no, ctx.lang),
  );

  // The live order status; the provider's side: notifications in. The background work (app.pay.worker) is started
  // with the app's other jobs (composition/background-jobs.ts).
  await app.register(payLiveRoutes);
  await app.register(payNotifyRoutes);
}
