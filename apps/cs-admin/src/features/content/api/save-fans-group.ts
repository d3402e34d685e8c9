import { fansGroupAdminCreateUpdate } from '@gp/contracts/content-admin';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export const saveFansGroup = (input: RequestOf<typeof fansGroupAdminCreateUpdate>) =>
  api.call(fansGroupAdminCreateUpdate, input);
