/**
 * The floor under a page's Lighthouse TBT: its server-rendered first screen with every script taken out (the
 * module scripts, their preloads and the first-screen data), served by the stack's nginx from the same host as a
 * file beside the build, so it has the page's markup, inline stylesheet, pictures, headers and connection, and
 * nothing the scripts do. Lighthouse on that copy measures what the browser's own work (parsing, style, layout,
 * paint, picture decoding) costs on this machine; whatever the page measures above it is the scripts'.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { deviceContext } from './page-load.ts';
import type { LandingPage } from './pages.ts';

/** The page's HTML as nginx sends it, with no script, script preload or deferred script link left. */
export function withoutScripts(html: string): string {
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|gp-after-paint)"[^>]*>/gi, '');
  if (/<script\b/i.test(stripped)) throw new Error('a script is left in the script-free copy');
  return stripped;
}

/** Where the copy of `page` is written and served: a file name no route of the app has. */
export const scriptFreePath = (page: LandingPage) =>
  `/bench-script-free${page.path.replace(/[^a-z0-9]+/gi, '-')}.html`;

/**
 * Fetches `page` from the stack on the device it is for, writes its script-free copy into the app's build folder
 * the stack's nginx serves (`appsDir`), and answers the copy's address.
 */
export async function writeScriptFreeCopy(
  browser: Browser,
  page: LandingPage,
  origin: string,
  appsDir: string,
): Promise<string> {
  const context = await deviceContext(browser, page);
  try {
    // Through the browser, whose host rules reach the stack's names (Node's own requests would not resolve them).
    const res = await (await context.newPage()).goto(`${origin}${page.path}`);
    if (res?.status() !== 200 || new URL(res.url()).pathname !== page.path)
      throw new Error(`${origin}${page.path} answered ${res?.status()} at ${res?.url()}`);
    const path = scriptFreePath(page);
    writeFileSync(join(appsDir, page.app, 'dist', path), withoutScripts(await res.text()));
    return `${origin}${path}`;
  } finally {
    await context.close();
  }
}
