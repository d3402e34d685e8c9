import { bannerAdminCreateUpdate } from '@gp/contracts/content-admin';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export const saveBanner = (input: RequestOf<typeof bannerAdminCreateUpdate>) =>
  api.call(bannerAdminCreateUpdate, input);
