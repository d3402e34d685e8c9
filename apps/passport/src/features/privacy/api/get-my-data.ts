import { privacyExport, type PrivacyExportData } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/** Everything the site keeps about the logged-in member, as one document (a few times an hour). */
export function getMyData(): Promise<PrivacyExportData> {
  return api.call(privacyExport, {});
}
