/**
 * The Content-Security-Policy of a built app, written at build time beside the build's other metadata
 * as `dist/.vite/content-security-policy.txt`: one line, the header value. Whatever serves the app's files (the
 * API process under `pnpm start`, a reverse proxy in production) sends it with every answer of that host.
 *
 * Scripts run from the app's own origin only; the one inline script a player page has (the landing-page preload
 * map, `screenPreloads`) is allowed by its SHA-256 hash, taken from the built index.html, so no inline script
 * that the build did not write can run. Styles come from the app's own origin, and the stylesheets index.html links
 * may also stand inline in a page (the app host puts them there in the pages it renders, so that no request comes
 * before the first paint), allowed by their hashes too (`stylesheetHashes`). Calls go to the app's own origin and the API hosts of the build
 * (`VITE_API_URLS`); pictures also come from the API hosts, from any https origin (the upload URL may be a CDN
 * the build does not know) and from data:/blob: URLs (previews of a file being uploaded). Nothing may frame the
 * app, and forms post to the app's own origin only.
 *
 * No `eval`: zod compiles faster parsers with `new Function` where it may, and even its probe for that is reported
 * as a violation, so the builds turn that off in zod itself (`zodWithoutEval`).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the policy is written, relative to the build's output folder. */
export const policyFile = '.vite/content-security-policy.txt';

export interface PolicyOptions {
  /** Origins of the API hosts the app calls. */
  apiOrigins: readonly string[];
  /**
   * Styles from `<style>` elements and style attributes: the staff console's component library (antd) writes
   * its styles into `<style>` elements at run time; the player apps need none.
   */
  inlineStyles?: boolean;
}

/** The hashes (`'sha256-...'`) of every inline script of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The hashes of the stylesheets an HTML document links from the build (`/assets/...css`), for when they stand
 * inline in a `<style>` element, byte for byte (`readAsset` reads a file of the build by its URL path).
 */
export function stylesheetHashes(html: string, readAsset: (path: string) => string): string[] {
  return stylesheetPaths(html).map(
    (path) => `'sha256-${createHash('sha256').update(readAsset(path), 'utf8').digest('base64')}'`,
  );
}

/** The URL paths of the build's stylesheets an HTML document links, in document order. */
export function stylesheetPaths(html: string): string[] {
  const paths: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\srel="stylesheet"/i.test(tag)) continue;
    const href = /\shref="(\/assets\/[^"]+\.css)"/i.exec(tag)?.[1];
    if (href) paths.push(href);
  }
  return paths;
}

/** The policy for an app whose built index.html is `html`. */
export function contentSecurityPolicyOf(
  html: string,
  options: PolicyOptions,
  /** Hashes of styles that may stand inline (`stylesheetHashes`). */
  styleHashes: readonly string[] = [],
): string {
  const api = [...new Set(options.apiOrigins.map((o) => new URL(o).origin))];
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes(html)],
    ['style-src', "'self'", ...(options.inlineStyles ? ["'unsafe-inline'"] : styleHashes)],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...api],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...api],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Writes the policy of the built index.html once the build is on disk. */
export function contentSecurityPolicy(options: PolicyOptions): Plugin {
  return {
    name: 'gp:content-security-policy',
    apply: 'build',
    writeBundle(output) {
      if (!output.dir) return;
      const dir = output.dir;
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const file = join(dir, policyFile);
      const styles = stylesheetHashes(html, (path) => readFileSync(join(dir, path), 'utf8'));
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, `${contentSecurityPolicyOf(html, options, styles)}\n`);
    },
  };
}

/** zod's module that holds its global settings; every schema module imports it first. */
const zodCore = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

/**
 * Sets zod's `jitless` in the module that holds its settings, so no schema of the build ever tries `new Function`
 * (which the policy forbids). A zod whose core no longer looks like this stops the build instead of shipping
 * violations.
 */
export function zodWithoutEval(): Plugin {
  return {
    name: 'gp:zod-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!zodCore.test(id)) return null;
      if (!/export const globalConfig\b/.test(code)) {
        this.error(`zodWithoutEval: ${id} no longer exports globalConfig; update the plugin for this zod`);
      }
      return { code: `${code}\nglobalConfig.jitless = true;\n`, map: null };
    },
  };
}
