/** What the production-shaped journey knows of the stack stack-setup.ts started (written there, read here). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * nginx's https port: fixed, because the apps are built for their origins (`https://www.gp.localtest:18443`);
 * outside the e2e suite's ports (8080-8096).
 */
export const httpsPort = 18443;

export interface ProductionStack {
  origins: { portal: string; passport: string; pay: string; csAdmin: string; api: string };
  /** Printed once by `admin.js first-admin`, as the operator reads it. */
  adminPassword: string;
  databaseUrl: string;
  /** The studio's game server: what its operator hands the publisher (URL, key id, secret), and its servers. */
  gameServer: { url: string; keyId: string; secret: string; serverIds: string[] };
  /** The SMTP sink's mailbox (GET /messages?to=). */
  mailbox: string;
  /** The local Stripe test server. */
  stripe: string;
  /** The stack's certificate (PEM file), which its neighbours serve too. */
  certificate: string;
  /** The stack's temporary folder: every process's log. */
  logDir: string;
}

/** The file the runner's setup writes and the workers read (its folder: GP_PRODUCTION_RUN, set by the config). */
export function productionStackFile(): string {
  const dir = process.env.GP_PRODUCTION_RUN;
  if (!dir) throw new Error('GP_PRODUCTION_RUN is not set (production/playwright.config.ts sets it)');
  return join(dir, 'stack.json');
}

let cached: ProductionStack | undefined;
export function productionStack(): ProductionStack {
  cached ??= JSON.parse(readFileSync(productionStackFile(), 'utf8')) as ProductionStack;
  return cached;
}
