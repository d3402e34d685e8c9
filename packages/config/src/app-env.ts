/**
 * The browser apps' environment (Vite's `import.meta.env`, fixed at build time), checked once. Every value has
 * the local default of DESIGN section 3, so a plain `pnpm build` works on a developer machine.
 */
import { z } from 'zod';
import { apiGroups, type ApiGroup } from '@gp/contracts';
import { socialChannels, type SocialProvider } from '@gp/contracts/passport';
import { localHosts, type Hosts } from './site.ts';

const local = localHosts();
const origin = z.url().transform((u) => new URL(u).origin);
const providers = Object.keys(socialChannels) as SocialProvider[];
const isProvider = (key: string): key is SocialProvider => (providers as string[]).includes(key);

/** A comma list, trimmed, empty items dropped. */
const commaList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const schema = z.object({
  /** Up to three API base URLs, comma-separated, tried in order; each group lives under `/<group>`. */
  VITE_API_URLS: z
    .string()
    .default(`http://localhost:8090`)
    .transform((v) => commaList(v).map((s) => s.replace(/\/$/, '')))
    .pipe(z.array(z.url()).min(1).max(3)),
  VITE_PORTAL_ORIGIN: origin.default(local.apps.portal),
  VITE_PASSPORT_ORIGIN: origin.default(local.apps.passport),
  VITE_PAY_ORIGIN: origin.default(local.apps.pay),
  VITE_CS_ADMIN_ORIGIN: origin.default(local.apps.csAdmin),
  /**
   * The social-login providers the login screen offers, in this order: keys of `socialChannels`, comma-separated.
   * Locally Apple and Facebook (answered by the API's local test servers under `pnpm start`) and the built-in
   * Demo ID; a production build names its real providers, or sets it empty for none.
   */
  VITE_SOCIAL_LOGIN: z
    .string()
    .default('apple,facebook,demo')
    .transform((v) => [...new Set(commaList(v.toLowerCase()))])
    .check((ctx) => {
      const unknown = ctx.value.filter((k) => !isProvider(k));
      if (unknown.length > 0)
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `unknown provider ${unknown.join(', ')} (known: ${providers.join(', ')})`,
        });
    })
    .transform((keys) => keys.filter(isProvider)),
});

export type AppEnv = z.output<typeof schema>;

/** Parses and checks the whole environment; a wrong value throws, naming every wrong variable and why. */
export function parseAppEnv(source: Record<string, unknown>): AppEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new Error(
      `Invalid app environment: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data;
}

export function hostsFromAppEnv(source: Record<string, unknown>): Hosts {
  const env = parseAppEnv(source);
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

/** The social-login providers the login screen offers (`VITE_SOCIAL_LOGIN`), in order, without repeats. */
export function socialLoginFromAppEnv(source: Record<string, unknown>): SocialProvider[] {
  return parseAppEnv(source).VITE_SOCIAL_LOGIN;
}
