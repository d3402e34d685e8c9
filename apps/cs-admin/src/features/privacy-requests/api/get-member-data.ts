import { privacyStaffExport, type PrivacyExportData } from '@gp/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

/** A member's data for them, as they would download it themselves (recorded and audited). */
export const getMemberData = (mid: number): Promise<PrivacyExportData> =>
  api.call(privacyStaffExport, { mid });
