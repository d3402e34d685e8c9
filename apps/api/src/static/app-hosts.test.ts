/** The static host of a built app: compressed files as the browser accepts them, caching by kind of file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppHost, policyFile } from './app-hosts.ts';

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = '<!doctype html><html><body><div id="root"></div></body></html>';
const policy = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'";

describe('app host', () => {
  let root: string;
  let host: FastifyInstance;
  const parent = Fastify({ logger: false });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gp-app-host-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), html);
    writeFileSync(join(root, 'index.html.gz'), gzipSync(html));
    writeFileSync(join(root, 'assets', 'main-abc123.js'), script);
    writeFileSync(join(root, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(root, 'assets', 'main-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(root, 'assets', 'plain-abc123.css'), 'body{margin:0}');
    mkdirSync(join(root, '.vite'));
    writeFileSync(join(root, policyFile), `${policy}\n`);
    host = await buildAppHost('portal', parent.log, root, { NODE_ENV: 'development' });
  });

  afterAll(async () => {
    await host.close();
    await parent.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends brotli to a browser that takes it, immutable for a year', async () => {
    const res = await host.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await host.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await host.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const res = await host.inject({
      url: '/assets/plain-abc123.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
  });

  it('answers a client-side route with index.html, compressed and never cached', async () => {
    const res = await host.inject({ url: '/news/h5', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404', async () => {
    const res = await host.inject({ url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers HEAD on a page as GET, without the body', async () => {
    for (const url of ['/', '/news/h5']) {
      const get = await host.inject({ url });
      const head = await host.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-security-policy']).toBe(policy);
      expect(head.body).toBe('');
    }
    expect((await host.inject({ method: 'HEAD', url: '/assets/main-abc123.js' })).statusCode).toBe(200);
    expect((await host.inject({ method: 'POST', url: '/' })).statusCode).toBe(404);
  });

  it("sends the build's policy and the browser headers with pages, files and 404s", async () => {
    for (const url of ['/', '/service/h5', '/assets/main-abc123.js', '/assets/gone-123.js']) {
      const res = await host.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(policy);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], url).toBe('camera=(), microphone=(), geolocation=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      // Development: no HSTS (localhost is plain http).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds HSTS in production, and refuses a build without its policy', async () => {
    const production = await buildAppHost('portal', parent.log, root);
    try {
      expect((await production.inject({ url: '/' })).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await production.close();
    }
    const old = mkdtempSync(join(tmpdir(), 'gp-app-host-old-'));
    try {
      writeFileSync(join(old, 'index.html'), html);
      await expect(buildAppHost('portal', parent.log, old)).rejects.toThrow(/content-security-policy/);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
