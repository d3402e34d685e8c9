import { payAdminProductList } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getProducts = (gameBaseId: number) =>
  api.call(payAdminProductList, { game_base_id: gameBaseId });
