/** Pay group (spec 7 "Pay switch", "Regional web pay", "Second pay variant"). */
import { z } from 'zod';
import { defineCall, flag } from './define.ts';

export const paySwitch = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/switch',
  auth: 'public',
  request: z.object({
    distribution_region: z.coerce.number().int().positive().optional(),
  }),
  response: z.object({ main_switch_status: flag }),
});
