import { fansGroupAdminDetail } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const getFansGroup = (key: { id: number }) => api.call(fansGroupAdminDetail, key);
