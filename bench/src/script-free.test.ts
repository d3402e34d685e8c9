import { describe, expect, it } from 'vitest';
import { scriptFreePath, withoutScripts } from './script-free.ts';
import { landingPages } from './pages.ts';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
<link rel="gp-after-paint" data-after-paint href="/assets/home-2.js">
<link rel="preload" as="image" href="https://www.gp.localtest/upload/media/a.jpg" fetchpriority="high">
<style>body{margin:0}</style></head><body><div id="root"><h1>Hello</h1><img src="/upload/media/a.jpg" alt=""></div>
<script id="gp-first-screen" type="application/json">{"text":"<\\/script> is escaped"}</script>
<SCRIPT type="module" crossorigin src="/assets/index-3.js"></SCRIPT></body></html>`;

describe('the script-free copy of a page', () => {
  it('keeps the markup, the stylesheet and the picture preload, and no script or script link', () => {
    const copy = withoutScripts(page);
    expect(copy).not.toMatch(/<script|modulepreload|gp-after-paint|index-3|vendor-1/i);
    expect(copy).toContain('<style>body{margin:0}</style>');
    expect(copy).toContain('<h1>Hello</h1><img src="/upload/media/a.jpg" alt=""></div>');
    expect(copy).toContain('rel="preload" as="image"');
    expect(copy).toContain('rel="icon"');
  });

  it('refuses to write a copy with a script left in it', () => {
    expect(() => withoutScripts('<body><script src="/a.js"></body>')).toThrow(/script is left/);
  });

  it('is written under a name no page of the apps has, one per landing page', () => {
    const paths = landingPages.map(scriptFreePath);
    expect(new Set(paths).size).toBe(landingPages.length);
    for (const p of paths) expect(p).toMatch(/^\/bench-script-free[-a-z0-9]*\.html$/);
  });
});
