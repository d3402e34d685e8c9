import { bindCalls } from '@gp/api-client';
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
import { api } from '../../../lib/api-client.ts';

export const payCalls = bindCalls(api, {
  paySwitch: payAdminSwitchDetail,
  setPaySwitch: payAdminSwitchSet,
  games: payAdminGameList,
  servers: payAdminServerList,
  setMaintenance: payAdminServerMaintenance,
  products: payAdminProductList,
  setPrice: payAdminProductPrice,
  setSale: payAdminProductSale,
  channels: payAdminChannelList,
  setChannelOpen: payAdminChannelSwitch,
  orders: payAdminOrderPageCall,
  order: payAdminOrderDetailCall,
  refund: payAdminOrderRefund,
  deadDeliveries: payAdminDeadDeliveryPage,
  retryDelivery: payAdminDeliveryRetry,
});

/** The daily settlement check: its differences, a run for a day, asking the provider again, marking resolved. */
export const settlementCalls = bindCalls(api, {
  page: payAdminSettlementPage,
  run: payAdminSettlementRun,
  recheck: payAdminSettlementRecheck,
  resolve: payAdminSettlementResolve,
});
