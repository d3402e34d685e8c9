/** The static host of a built app: compressed files as the browser accepts them, caching by kind of file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppHost } from './app-hosts.ts';

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = '<!doctype html><html><body><div id="root"></div></body></html>';

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
    host = await buildAppHost('portal', parent.log, root);
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
});
