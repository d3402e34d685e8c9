import { recommendAdminCreateUpdate } from '@gp/contracts/content-admin';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export const saveRecommend = (input: RequestOf<typeof recommendAdminCreateUpdate>) =>
  api.call(recommendAdminCreateUpdate, input);
