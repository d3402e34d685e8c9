/**
 * The production shape the browser part of the bench measures: the four apps built as
 * deploy/Dockerfile builds them (for `https://*.gp.localtest:18444`), and @gp/deploy's stack of compose.yaml on
 * loopback - PostgreSQL, the built API twice rendering the player pages (SERVE_APPS), nginx from the repository's
 * configuration with TLS, HTTP/2 and the compression production sends - with the demo data, so the pages are a
 * filled site's. Chromium maps `*.gp.localtest` to loopback and takes the run's own certificate.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApps } from '@gp/deploy/test/build-apps';
import { hosts, startStack as startProductionStack } from '@gp/deploy/test/stack';
import type { AppName } from './pages.ts';

/** nginx's https port: the builds have it in their origins (beside the production journey's 18443). */
export const benchHttpsPort = 18444;

/** What a browser needs to reach the stack's hosts by name. */
export const hostArgs = ['--host-resolver-rules=MAP *.gp.localtest 127.0.0.1', '--ignore-certificate-errors'];

export interface Stack {
  /** `https://<host>:18444` of an app. */
  origin(app: AppName): string;
  /** Where the apps were built (`<appsDir>/<app>/dist`): the files the pages load. */
  appsDir: string;
  /** What the stack runs, for results.md. */
  shape: string;
  stop(): Promise<void>;
}

export async function startStack(log: (line: string) => void = () => {}): Promise<Stack> {
  const appsDir = mkdtempSync(join(tmpdir(), 'gp-bench-apps-'));
  // nginx's workers (nobody, when the bench runs as root) read the builds there.
  chmodSync(appsDir, 0o755);
  try {
    log(`building the apps as deploy/Dockerfile does, for https://*.gp.localtest:${benchHttpsPort}`);
    buildApps(appsDir, benchHttpsPort, { reuse: false });
    log(
      'starting the production shape: PostgreSQL, the built API twice, nginx with TLS and HTTP/2, demo data',
    );
    const stack = await startProductionStack({
      httpsPort: benchHttpsPort,
      appsDir,
      demo: true,
      // Lighthouse and the page loads come from one address; the per-minute cap would answer 429 part-way.
      services: async () => ({ env: { RATE_LIMIT_MAX: '1000000' } }),
    });
    return {
      origin: (app) => stack.origin(hosts[app]),
      appsDir,
      shape:
        'production shape: apps built as deploy/Dockerfile builds them, the built API twice (pages rendered by its app hosts) on PostgreSQL with the demo data, behind nginx from deploy/nginx with TLS, HTTP/2 and its compression',
      stop: async () => {
        await stack.stop();
        rmSync(appsDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(appsDir, { recursive: true, force: true });
    throw error;
  }
}
