import { smsAdminStatus } from '@gp/contracts/sms-admin';
import { api } from '../../../lib/api-client.ts';

/** Today's SMS count against the daily budget, the caps, and the calling codes sent to most (issue 19 item 7). */
export const getSmsStatus = () => api.call(smsAdminStatus, {});
