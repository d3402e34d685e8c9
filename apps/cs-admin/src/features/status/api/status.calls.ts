import { bindCalls } from '@gp/api-client';
import { smsAdminStatus } from '@gp/contracts/sms-admin';
import { api } from '../../../lib/api-client.ts';

/** `sms`: today's SMS count against the daily budget, the caps, and the calling codes sent to most. */
export const statusCalls = bindCalls(api, { sms: smsAdminStatus });
