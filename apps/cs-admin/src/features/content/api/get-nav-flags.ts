import { navAdminDetail } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const getNavFlags = () => api.call(navAdminDetail, {});
