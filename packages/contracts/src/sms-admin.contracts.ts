/**
 * The SMS cost guards as staff see them (each SMS costs money, so sends are capped): today's SMS count against
 * the global daily budget, the caps in force, and the country calling codes sent to most today.
 */
import { z } from 'zod';
import { defineStaffCall } from './staff.contracts.ts';

export const smsAdminStatusData = z.object({
  /** The UTC day counted (YYYY-MM-DD): the budget and the prefix caps start again at midnight UTC. */
  day: z.string(),
  /** SMS counted today (codes and notices, sent or stored for an address without an account). */
  sent: z.number().int(),
  budget: z.number().int(),
  /** True once `sent` has reached `budget`: every SMS is refused (-706) until the next day. */
  exhausted: z.boolean(),
  caps: z.object({
    per_number: z.number().int(),
    per_address: z.number().int(),
    per_prefix: z.number().int(),
  }),
  /** The calling codes sent to most today, most first (at most 10). */
  prefixes: z.array(z.object({ calling_code: z.string(), sent: z.number().int() })),
});
export type SmsAdminStatusData = z.infer<typeof smsAdminStatusData>;

export const smsAdminStatus = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/passport/sms/status',
  privilege: 'staff.accounts',
  keepsPublicData: true,
  request: z.object({}),
  response: smsAdminStatusData,
});
