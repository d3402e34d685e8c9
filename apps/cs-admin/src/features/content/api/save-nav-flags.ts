import { navAdminSave } from '@gp/contracts/content-admin';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type NavFlagsInput = RequestOf<typeof navAdminSave>;

export const saveNavFlags = (input: NavFlagsInput) => api.call(navAdminSave, input);
