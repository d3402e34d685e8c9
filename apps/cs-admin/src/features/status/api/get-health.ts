import { z } from 'zod';
import { hosts } from '../../../config/env.ts';

const health = z.object({
  code: z.number(),
  data: z.object({
    status: z.enum(['up', 'down']),
    database: z.object({
      driver: z.string(),
      status: z.enum(['up', 'down']),
      latency_ms: z.number().optional(),
    }),
  }),
});
export type Health = z.infer<typeof health>['data'];

/** The API's own health report (outside the call groups, so not a contract); tries each API host in turn. */
export async function getHealth(): Promise<Health> {
  let lastError: unknown;
  for (const base of hosts.api.web) {
    try {
      const res = await fetch(`${new URL(base).origin}/healthz`, { cache: 'no-store' });
      return health.parse(await res.json()).data;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
