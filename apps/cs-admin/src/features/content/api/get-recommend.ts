import { recommendAdminDetail } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const getRecommend = (key: { game_base_id: number }) => api.call(recommendAdminDetail, key);
