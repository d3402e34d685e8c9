/**
 * The top-up catalog and payment operations calls (contracts in @gp/contracts/pay-admin, all behind the `catalog`
 * privilege). Every answer is parsed by its contract in the client; refusals are `ApiError`s of the staff domain.
 */
import type { RequestOf } from '@gp/contracts';
import {
  payAdminChannelList,
  payAdminChannelSwitch,
  payAdminDeadDeliveryPage,
  payAdminDeliveryRetry,
  payAdminGameList,
  payAdminOrderDetailCall,
  payAdminOrderPageCall,
  payAdminProductList,
  payAdminProductPrice,
  payAdminProductSale,
  payAdminServerList,
  payAdminServerMaintenance,
  payAdminSwitchDetail,
  payAdminSwitchSet,
} from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getPaySwitch = (region: number) =>
  api.call(payAdminSwitchDetail, { distribution_region: region });
export const setPaySwitch = (region: number, on: boolean) =>
  api.call(payAdminSwitchSet, { distribution_region: region, main_switch_status: on ? 1 : 0 });

export const getPayGames = (region: number) => api.call(payAdminGameList, { distribution_region: region });
export const getServers = (gameBaseId: number) => api.call(payAdminServerList, { game_base_id: gameBaseId });
export const setMaintenance = (gameBaseId: number, cpServerId: string, on: boolean) =>
  api.call(payAdminServerMaintenance, {
    game_base_id: gameBaseId,
    cp_server_id: cpServerId,
    is_maintenance: on ? 1 : 0,
  });

export const getProducts = (gameBaseId: number) =>
  api.call(payAdminProductList, { game_base_id: gameBaseId });
export const setPrice = (input: RequestOf<typeof payAdminProductPrice>) =>
  api.call(payAdminProductPrice, input);
export const setSale = (input: RequestOf<typeof payAdminProductSale>) => api.call(payAdminProductSale, input);

export const getChannels = (gameBaseId: number) =>
  api.call(payAdminChannelList, { game_base_id: gameBaseId });
export const setChannelOpen = (payChannelId: number, open: boolean) =>
  api.call(payAdminChannelSwitch, { pay_channel_id: payChannelId, is_open: open ? 1 : 0 });

export const getOrders = (input: RequestOf<typeof payAdminOrderPageCall>) =>
  api.call(payAdminOrderPageCall, input);
export const getOrder = (orderNo: string) => api.call(payAdminOrderDetailCall, { order_no: orderNo });

export const getDeadDeliveries = (input: RequestOf<typeof payAdminDeadDeliveryPage>) =>
  api.call(payAdminDeadDeliveryPage, input);
export const retryDelivery = (orderNo: string) => api.call(payAdminDeliveryRetry, { order_no: orderNo });
