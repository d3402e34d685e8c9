/** Debian's chromium as every Playwright config here launches it (no downloaded browsers on these machines). */
import type { LaunchOptions } from '@playwright/test';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchOptions: LaunchOptions = { executablePath: '/usr/bin/chromium', args: chromiumArgs };
