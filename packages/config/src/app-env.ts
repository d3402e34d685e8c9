/**
 * The browser apps' environment (Vite's `import.meta.env`, fixed at build time), checked once. Every value has
 * the local default of DESIGN section 3, so a plain `pnpm build` works on a developer machine.
 */
import { z } from 'zod';
import { apiGroups, type ApiGroup } from '@gp/contracts';
import { localHosts, type Hosts } from './site.ts';

const local = localHosts();
const origin = z.url().transform((u) => new URL(u).origin);

const schema = z.object({
  /** Up to three API base URLs, comma-separated, tried in order; each group lives under `/<group>`. */
  VITE_API_URLS: z
    .string()
    .default(`http://localhost:8090`)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1).max(3)),
  VITE_PORTAL_ORIGIN: origin.default(local.apps.portal),
  VITE_PASSPORT_ORIGIN: origin.default(local.apps.passport),
  VITE_PAY_ORIGIN: origin.default(local.apps.pay),
  VITE_CS_ADMIN_ORIGIN: origin.default(local.apps.csAdmin),
});

export function hostsFromAppEnv(source: Record<string, unknown>): Hosts {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new Error(
      `Invalid app environment: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  const env = result.data;
  return {
    apps: {
      portal: env.VITE_PORTAL_ORIGIN,
      passport: env.VITE_PASSPORT_ORIGIN,
      pay: env.VITE_PAY_ORIGIN,
      csAdmin: env.VITE_CS_ADMIN_ORIGIN,
    },
    api: Object.fromEntries(
      apiGroups.map((g) => [g, env.VITE_API_URLS.map((base) => `${base}/${g}`)]),
    ) as Record<ApiGroup, string[]>,
  };
}
