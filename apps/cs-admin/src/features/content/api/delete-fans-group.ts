import { fansGroupAdminDelete } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteFansGroup = (key: { id: number }) => api.call(fansGroupAdminDelete, key);
