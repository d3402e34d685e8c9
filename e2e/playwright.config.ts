/**
 * End-to-end journeys in Debian chromium against the process `pnpm start` runs (DESIGN section 8), in a desktop
 * and a mobile project. Never `playwright install`: the browser is /usr/bin/chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { launchOptions } from './support/chromium.ts';
import { API } from './support/hosts.ts';
import { PREVIEW_SECRET } from './support/preview.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// A fresh embedded database per run keeps the demo data deterministic. Workers load this file too and inherit
// the runner's environment, so only the runner creates (and at exit removes) the directory.
function runDataDir(): string {
  const inherited = process.env.GP_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = mkdtempSync(join(tmpdir(), 'gp-e2e-'));
  process.env.GP_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataDir = runDataDir();

const desktop = {
  viewport: { width: 1366, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions,
    // The apps pick their language from the browser when nothing is stored; pin it.
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
    trace: 'retain-on-failure',
  },
  projects: [
    // The administrator's first login (one-time password -> own password) happens once per run, before any
    // journey that needs staff; the console is a desktop tool.
    {
      name: 'console-setup',
      testMatch: /console-setup\.spec\.ts/,
      use: desktop,
    },
    // A journey that exists in one form only says so with a tag (`@desktop`, `@phone`) and runs in that project
    // alone; the staff console is a desktop tool, so its journeys stay out of the phone project.
    {
      name: 'desktop',
      dependencies: ['console-setup'],
      testIgnore: /console-(setup|content)\.spec\.ts/,
      grepInvert: /@phone/,
      use: desktop,
    },
    {
      name: 'mobile',
      dependencies: ['console-setup'],
      testIgnore: /(console-(setup|content|home)|desk|saved-replies|staff-second-factor)\.spec\.ts/,
      grepInvert: /@desktop/,
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
    },
    // Console changes every player page lists (a new news item, an FAQ entry): after the player journeys.
    {
      name: 'console-late',
      testMatch: /console-content\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: desktop,
    },
  ],
  webServer: {
    // What the server prints goes to the run's data directory too: the journeys read the administrator's
    // one-time password there, as an operator reads it in the terminal (support/staff.ts).
    command: `node scripts/start.mjs | tee "${join(dataDir, 'server.out')}"`,
    cwd: repoRoot,
    // turbo builds the apps before this package's tests (they are its workspace dependencies).
    // PREVIEW_SECRET: the tests mint preview tokens with it (support/preview.ts). CAPTCHA_TEST_ANSWER: the
    // graphic captcha accepts this answer (tests only; the server refuses it in production).
    env: {
      // A development server (start.mjs says so too): the dev mailbox, sandbox and Demo ID the journeys use.
      NODE_ENV: 'development',
      GP_SKIP_BUILD: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PREVIEW_SECRET,
      CAPTCHA_TEST_ANSWER: 'pass',
      // Every journey signs up from 127.0.0.1; the production caps would stop the suite after five.
      REGISTRATIONS_PER_HOUR: '1000',
      REGISTRATIONS_PER_DAY: '1000',
      CODES_PER_IP_PER_HOUR: '1000',
      // Every journey logs in from 127.0.0.1, some with wrong passwords on purpose: the address's slowdown would
      // only make later journeys wait (the API suite tests it).
      LOGIN_SLOWDOWN_MAX_MS: '0',
      // "Pay, notify late" in the sandbox (tests/topup.spec.ts): the page's query, 10 s after the first one, must
      // find the payment before the notification does; the notification still arrives during the run (and changes
      // nothing then) instead of two minutes later.
      PAY_SANDBOX_LATE_MS: '20000',
      // The local Stripe test server (tests/topup-stripe.spec.ts): the demo's Lotus Blade THB card channel pays
      // through the Stripe adapter; every other channel stays with the sandbox.
      STRIPE_TEST_SERVER: '8096',
      // The local Xendit test server (tests/topup-wallets.spec.ts): the demo's wallets Xendit carries (GCash, Maya,
      // MoMo, ZaloPay, DANA, TrueMoney, Touch 'n Go) pay through the Xendit adapter, as in `pnpm start`.
      XENDIT_TEST_SERVER: '8097',
    },
    url: `${API}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
