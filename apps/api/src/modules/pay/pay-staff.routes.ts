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
import {
  payAuthoringCurrencyAdd,
  payAuthoringCurrencyList,
  payAuthoringCurrencyOrder,
  payAuthoringCurrencyRemove,
  payAuthoringGameOptions,
  payAuthoringGameSave,
  payAuthoringPriceLimits,
  payAuthoringPriceRemove,
  payAuthoringPriceSave,
  payAuthoringProductCreate,
  payAuthoringProductDetailCall,
  payAuthoringProductImageUpload,
  payAuthoringProductUpdate,
  productImagePolicy,
} from '@gp/contracts/pay-catalog-authoring';
import {
  catalogTransferPolicy,
  payCatalogExport,
  payCatalogImport,
} from '@gp/contracts/pay-catalog-transfer';
import { registerCall, staffOf } from '../../http/register-call.ts';
import { registerUploadCall } from '../media/index.ts';
import { PayAdminCatalogService } from './catalog/catalog-admin.service.ts';
import { ChannelAuthoringService } from './catalog/channel-authoring.service.ts';
import { PayCatalogAuthoringService } from './catalog/catalog-authoring.service.ts';
import { CatalogTransferService } from './catalog/catalog-transfer.service.ts';
import { PayAdminSettlementService } from './settlement/settlement-admin.service.ts';
import { PayAdminRefundService } from './refunds/refund-admin.service.ts';
import { gameServerAdminRoutes } from './game-server/game-server-admin.routes.ts';

export async function payStaffRoutes(app: FastifyInstance) {
  const catalog = new PayAdminCatalogService({
    db: app.db,
    distributionRegion: app.site.distributionRegion,
    now: app.now,
    mediaUrl: app.mediaUrl,
  });
  const orders = app.pay.staffOrders;

  // Authoring: a game's top-up, its currencies, products and prices.
  const authoring = new PayCatalogAuthoringService({
    db: app.db,
    distributionRegion: app.site.distributionRegion,
    now: app.now,
    mediaUrl: app.mediaUrl,
    providers: () => ({ byName: app.pay.providers, deployment: app.pay.provider?.name }),
  });
  registerCall(app, payAuthoringGameOptions, (input, ctx) =>
    authoring.gameOptions(input.distribution_region, ctx.lang),
  );
  registerCall(app, payAuthoringGameSave, (input, ctx) => authoring.saveGame(staffOf(ctx), input, ctx.lang));
  registerCall(app, payAuthoringCurrencyList, (input) => authoring.currencies(input.game_base_id));
  registerCall(app, payAuthoringCurrencyAdd, (input, ctx) => authoring.addCurrency(staffOf(ctx), input));
  registerCall(app, payAuthoringCurrencyRemove, (input, ctx) =>
    authoring.removeCurrency(staffOf(ctx), input),
  );
  registerCall(app, payAuthoringCurrencyOrder, (input, ctx) =>
    authoring.orderCurrencies(staffOf(ctx), input),
  );
  registerCall(app, payAuthoringProductDetailCall, (input) =>
    authoring.productDetail(input.game_base_id, input.product_id),
  );
  registerCall(app, payAuthoringProductCreate, (input, ctx) =>
    authoring.createProduct(staffOf(ctx), input, ctx.lang),
  );
  registerCall(app, payAuthoringProductUpdate, (input, ctx) =>
    authoring.updateProduct(staffOf(ctx), input, ctx.lang),
  );
  await registerUploadCall(app, payAuthoringProductImageUpload, productImagePolicy, (input, ctx) =>
    authoring.uploadImage(staffOf(ctx), input.file),
  );
  registerCall(app, payAuthoringPriceLimits, (input) => authoring.priceLimits(input));
  registerCall(app, payAuthoringPriceSave, (input, ctx) =>
    authoring.savePrice(staffOf(ctx), input, ctx.lang),
  );
  registerCall(app, payAuthoringPriceRemove, (input, ctx) =>
    authoring.removePrice(staffOf(ctx), input, ctx.lang),
  );

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

  // A game's whole catalog as an .xlsx workbook and back (dry run, then apply), checked as the editors check.
  const transfer = new CatalogTransferService({
    db: app.db,
    distributionRegion: app.site.distributionRegion,
    now: app.now,
    mediaUrl: app.mediaUrl,
    authoring,
    channels,
    providers: app.pay.channelProviders,
  });
  registerCall(app, payCatalogExport, (input, ctx) => transfer.export(staffOf(ctx), input));
  await registerUploadCall(app, payCatalogImport, catalogTransferPolicy, (input, ctx) =>
    transfer.import(staffOf(ctx), input),
  );

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
