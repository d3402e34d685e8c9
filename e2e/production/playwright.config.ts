/**
 * `pnpm test:production`: the publisher's first day, in the production shape (stack-setup.ts), over https through
 * nginx in Debian chromium. One journey, its steps in order, one worker; the host names `*.gp.localtest` resolve to
 * loopback inside the browser only. The browser is Debian's /usr/bin/chromium (no downloaded browsers).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, launchOptions } from '../support/chromium.ts';

// The runner makes the run's folder; its workers inherit the variable and read the stack's description there.
if (!process.env.GP_PRODUCTION_RUN) {
  const dir = mkdtempSync(join(tmpdir(), 'gp-production-run-'));
  process.env.GP_PRODUCTION_RUN = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  workers: 1,
  // A step that passes only when tried again is a defect to find, not to retry.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  globalSetup: './stack-setup.ts',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      ...launchOptions,
      args: [...chromiumArgs, '--host-resolver-rules=MAP *.gp.localtest 127.0.0.1'],
    },
    // The stack's certificate is its own (self-signed), as a staging site's may be.
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1366, height: 800 },
    trace: 'retain-on-failure',
  },
});
