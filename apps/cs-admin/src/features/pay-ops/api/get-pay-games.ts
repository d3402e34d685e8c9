import { payAdminGameList } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getPayGames = (region: number) => api.call(payAdminGameList, { distribution_region: region });
