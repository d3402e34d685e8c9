import { moduleAdminDetail } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const getModule = (key: { id: number }) => api.call(moduleAdminDetail, key);
