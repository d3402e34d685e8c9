import { moduleAdminDelete } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteModule = (key: { id: number }) => api.call(moduleAdminDelete, key);
