import { moduleAdminCreateUpdate } from '@gp/contracts/content-admin';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export const saveModule = (input: RequestOf<typeof moduleAdminCreateUpdate>) =>
  api.call(moduleAdminCreateUpdate, input);
