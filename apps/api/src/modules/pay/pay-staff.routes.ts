/**
 * Top-up catalog and payment operations for staff (`/csmng/komoe/mng/pay/...`, @gp/contracts/pay-admin). Handlers
 * are one line; the `catalog` privilege is declared in the contracts and checked by the staff authenticator
 * before a handler runs; the rules and the audit rows live in the services.
 */
import type { FastifyInstance } from 'fastify';
import {
  payAdminChannelList,
  payAdminChannelSwitch,
  payAdminDeadDeliveryPage,
  payAdminDeliveryRetry,
  payAdminGameList,
  payAdminOrderDetailCall,
  payAdminOrderPageCall,
  payAdminOrderRefund,
  payAdminProductList,
  payAdminProductPrice,
  payAdminProductSale,
  payAdminServerList,
  payAdminServerMaintenance,
  payAdminSwitchDetail,
  payAdminSwitchSet,
} from '@gp/contracts/pay-admin';
import {
  payAdminSettlementPage,
  payAdminSettlementRecheck,
  payAdminSettlementResolve,
  payAdminSettlementRun,
} from '@gp/contracts/pay-settlement';
import {
  payChannelCreate,
  payChannelProviderList,
  payChannelSave,
} from '@gp/contracts/pay-channel-authoring';
import { registerCall, staffOf } from '../../http/register-call.ts';
import { PayAdminCatalogService } from './catalog/catalog-admin.service.ts';
import { ChannelAuthoringService } from './catalog/channel-authoring.service.ts';
import { PayAdminSettlementService } from './settlement/settlement-admin.service.ts';
import { PayAdminRefundService } from './refunds/refund-admin.service.ts';
import { gameServerAdminRoutes } from './game-server/game-server-admin.routes.ts';

export async function payStaffRoutes(app: FastifyInstance) {
  const catalog = new PayAdminCatalogService({
    db: app.db,
    distributionRegion: app.site.distributionRegion,
    now: app.now,
  });
  const orders = app.pay.staffOrders;

  registerCall(app, payAdminSwitchDetail, (input) => catalog.switchDetail(input.distribution_region));
  registerCall(app, payAdminSwitchSet, (input, ctx) => catalog.setSwitch(staffOf(ctx), input));
  registerCall(app, payAdminGameList, (input, ctx) => catalog.games(input.distribution_region, ctx.lang));
  registerCall(app, payAdminServerList, (input, ctx) => catalog.servers(input.game_base_id, ctx.lang));
  registerCall(app, payAdminServerMaintenance, (input, ctx) =>
    catalog.setMaintenance(staffOf(ctx), input, ctx.lang),
  );
  registerCall(app, payAdminProductList, (input, ctx) => catalog.products(input.game_base_id, ctx.lang));
  registerCall(app, payAdminProductPrice, (input, ctx) => catalog.setPrice(staffOf(ctx), input, ctx.lang));
  registerCall(app, payAdminProductSale, (input, ctx) => catalog.setSale(staffOf(ctx), input, ctx.lang));

  // Payment channels: the list and switch, and their authoring, with each channel's provider state.
  const channels = new ChannelAuthoringService({
    db: app.db,
    now: app.now,
    providers: app.pay.channelProviders,
  });
  registerCall(app, payAdminChannelList, (input, ctx) => channels.list(input, ctx.lang));
  registerCall(app, payAdminChannelSwitch, (input, ctx) => channels.setOpen(staffOf(ctx), input, ctx.lang));
  registerCall(app, payChannelProviderList, () => channels.providerList());
  registerCall(app, payChannelCreate, (input, ctx) => channels.create(staffOf(ctx), input, ctx.lang));
  registerCall(app, payChannelSave, (input, ctx) => channels.save(staffOf(ctx), input, ctx.lang));

  registerCall(app, payAdminOrderPageCall, (input, ctx) => orders.page(input, ctx.lang));
  registerCall(app, payAdminOrderDetailCall, (input, ctx) => orders.detail(input.order_no, ctx.lang));
  registerCall(app, payAdminDeadDeliveryPage, (input, ctx) => orders.deadPage(input, ctx.lang));
  registerCall(app, payAdminDeliveryRetry, (input, ctx) =>
    orders.retry(staffOf(ctx), input.order_no, ctx.lang),
  );

  // The settlement check's mismatches.
  const settlement = new PayAdminSettlementService({
    db: app.db,
    now: app.now,
    settlement: app.pay.settlement,
    orders: app.pay.orders,
  });
  registerCall(app, payAdminSettlementPage, (input) => settlement.page(input));
  registerCall(app, payAdminSettlementRun, (input, ctx) => settlement.run(staffOf(ctx), input.day));
  registerCall(app, payAdminSettlementRecheck, (input, ctx) => settlement.recheck(staffOf(ctx), input.id));
  registerCall(app, payAdminSettlementResolve, (input, ctx) =>
    settlement.resolve(staffOf(ctx), input.id, input.note),
  );
  const refunds = new PayAdminRefundService({ db: app.db, refunds: app.pay.refunds, orders });
  registerCall(app, payAdminOrderRefund, (input, ctx) => refunds.refund(staffOf(ctx), input, ctx.lang));
  // Each game's game-server connection, its test and its server sync.
  await gameServerAdminRoutes(app);
}
