/**
 * Real page loads in Debian chromium (through playwright-core, never a browser Playwright downloads): each landing
 * page once, on the device it is for (a phone-sized mobile context, or a desktop for the portal's `/`) with an
 * empty cache, until the network is idle, from the production shape (stack.ts). Counts every request and its bytes
 * on the wire (headers and compressed body), and lists the JavaScript the page loaded so the bench can check the
 * manifest-based byte count against it.
 */
import { chromium, type Browser } from 'playwright-core';
import { join } from 'node:path';
import { pageFiles, readManifest } from './bytes.ts';
import type { LandingPage } from './pages.ts';
import { hostArgs } from './stack.ts';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface PageLoad {
  key: string;
  url: string;
  requests: number;
  /** Bytes on the wire: response headers and (compressed) bodies. */
  bytes: number;
  byType: Record<string, { requests: number; bytes: number }>;
  /** Our JavaScript files the page loaded that the manifest count lacks, and the other way round. */
  jsNotCounted: string[];
  jsCountedNotLoaded: string[];
  failed: string[];
}

export const phone = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/** The desktop the portal's `/` is for (a phone asking for it is sent to `/h5`). */
export const desktop = {
  viewport: { width: 1366, height: 768 },
  locale: 'en-US',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...hostArgs] });
}

/** A fresh context (empty cache) on the device the page is for, taking the stack's own certificate. */
export function deviceContext(browser: Browser, page: LandingPage) {
  return browser.newContext({ ...(page.form === 'desktop' ? desktop : phone), ignoreHTTPSErrors: true });
}

/** The page where the stack serves it (`origin`), on the device it is for, against the build in `appsDir`. */
export async function loadPage(
  browser: Browser,
  page: LandingPage,
  origin: string,
  appsDir: string,
): Promise<PageLoad> {
  const url = `${origin}${page.path}`;
  const context = await deviceContext(browser, page);
  const tab = await context.newPage();
  const seen: { url: string; type: string; bytes: number }[] = [];
  const failed: string[] = [];
  tab.on('requestfinished', (request) => {
    void request.sizes().then(
      (sizes) =>
        seen.push({
          url: request.url(),
          type: request.resourceType(),
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        }),
      () => seen.push({ url: request.url(), type: request.resourceType(), bytes: 0 }),
    );
  });
  tab.on('requestfailed', (request) => failed.push(request.url()));
  try {
    await tab.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // The page must still be the landing page (no device or login redirect) with its content rendered.
    const landed = new URL(tab.url()).pathname;
    if (landed !== page.path) throw new Error(`${url} ended on ${landed}`);
    await tab.waitForTimeout(500);
  } finally {
    await context.close();
  }
  const byType: PageLoad['byType'] = {};
  for (const r of seen) {
    const t = (byType[r.type] ??= { requests: 0, bytes: 0 });
    t.requests++;
    t.bytes += r.bytes;
  }
  const loadedJs = new Set(
    seen
      .filter((r) => r.url.startsWith(`${origin}/assets/`) && r.url.endsWith('.js'))
      .map((r) => new URL(r.url).pathname.slice(1)),
  );
  const counted = new Set(pageFiles(readManifest(join(appsDir, page.app, 'dist')), page).js);
  return {
    key: page.key,
    url,
    requests: seen.length + failed.length,
    bytes: seen.reduce((sum, r) => sum + r.bytes, 0),
    byType,
    jsNotCounted: [...loadedJs].filter((f) => !counted.has(f)).sort(),
    jsCountedNotLoaded: [...counted].filter((f) => !loadedJs.has(f)).sort(),
    failed,
  };
}
