import { recommendAdminDelete } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteRecommend = (key: { game_base_id: number }) => api.call(recommendAdminDelete, key);
