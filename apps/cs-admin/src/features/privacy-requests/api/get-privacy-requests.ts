import type { RequestOf } from '@gp/contracts';
import { privacyRequestList, type PrivacyRequestPageData } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

export type PrivacyRequestQuery = RequestOf<typeof privacyRequestList>;

export const getPrivacyRequests = (query: PrivacyRequestQuery): Promise<PrivacyRequestPageData> =>
  api.call(privacyRequestList, query);
