/** The apps' Content-Security-Policy, computed from the built index.html. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicyOf,
  inlineScriptHashes,
  stylesheetHashes,
  zodWithoutEval,
} from './content-security-policy.ts';

const preloadMap = `(function(p,m){var f=m[p[location.pathname]];})({"/h5":0},[["/assets/a.js"]])`;
const html =
  '<!doctype html><html><head>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  `<script>${preloadMap}</script>` +
  '</head><body><div id="root"></div></body></html>';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('content security policy', () => {
  it('allows the inline scripts of the page by their hash, and no others', () => {
    const expected = `'sha256-${createHash('sha256').update(preloadMap).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
    const policy = contentSecurityPolicyOf(html, { apiOrigins: ['http://localhost:8090/web'] });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${expected}`);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
  });

  it('has no hash for a page without inline scripts', () => {
    const plain = '<html><head><script type="module" src="/assets/x.js"></script></head></html>';
    expect(inlineScriptHashes(plain)).toEqual([]);
    expect(directive(contentSecurityPolicyOf(plain, { apiOrigins: [] }), 'script-src')).toBe(
      "script-src 'self'",
    );
  });

  it('lets the page call and show pictures from the API hosts, and nothing frame it', () => {
    const policy = contentSecurityPolicyOf(html, {
      apiOrigins: [
        'https://api1.example.com/web',
        'https://api1.example.com/pay',
        'https://api2.example.com',
      ],
    });
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' https://api1.example.com https://api2.example.com",
    );
    expect(directive(policy, 'img-src')).toContain('https://api2.example.com');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
  });

  it('allows the stylesheets index.html links to stand inline, by the hash of their bytes', () => {
    const page =
      '<html><head><link rel="icon" href="/favicon.svg">' +
      '<link rel="stylesheet" crossorigin href="/assets/style-a.css"></head></html>';
    const css = '._a_1x{color:red}\n';
    const read = (path: string) => {
      expect(path).toBe('/assets/style-a.css');
      return css;
    };
    const hashes = stylesheetHashes(page, read);
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
    expect(directive(contentSecurityPolicyOf(page, { apiOrigins: [] }, hashes), 'style-src')).toBe(
      `style-src 'self' ${hashes[0]}`,
    );
    // Another stylesheet's bytes are not allowed by it.
    expect(stylesheetHashes(page, () => `${css} `)).not.toEqual(hashes);
    // The console allows every inline style already; a hash beside 'unsafe-inline' would switch that off.
    const console = contentSecurityPolicyOf(page, { apiOrigins: [], inlineStyles: true }, hashes);
    expect(directive(console, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
  });

  it("allows inline styles only when asked (the console's component library)", () => {
    const policy = contentSecurityPolicyOf(html, { apiOrigins: [], inlineStyles: true });
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
  });
});

describe('zodWithoutEval', () => {
  type Transform = (code: string, id: string) => { code: string } | null;
  const transformWith = (error: (message: string) => never) =>
    (zodWithoutEval().transform as unknown as Transform).bind({ error });
  const fail = (message: string): never => {
    throw new Error(message);
  };

  it('sets jitless where zod keeps its settings, and touches nothing else', () => {
    const core = 'export const globalConfig = globalThis.__zod_globalConfig;';
    const id = '/repo/node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/core.js';
    expect(transformWith(fail)(core, id)?.code).toBe(`${core}\nglobalConfig.jitless = true;\n`);
    expect(transformWith(fail)(core, '/repo/node_modules/zod/v4/core/schemas.js')).toBeNull();
  });

  it('stops the build when zod no longer looks as expected', () => {
    const id = '/repo/node_modules/zod/v4/core/core.js';
    expect(() => transformWith(fail)('export const config = {};', id)).toThrow(
      /no longer exports globalConfig/,
    );
  });
});
