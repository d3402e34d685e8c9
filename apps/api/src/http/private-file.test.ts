/** The private-file answer on a bare Fastify app: its headers, both disposition types, the bytes untouched. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, sendPrivateFile, type PrivateFile } from './private-file.ts';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
const files: Record<string, PrivateFile> = {
  image: { contentType: 'image/png', fileName: 'ภาพ (1).png', bytes: png, disposition: 'inline' },
  log: {
    contentType: 'text/plain; charset=utf-8',
    fileName: 'client "debug".log',
    bytes: new TextEncoder().encode('line 1\nline 2\n'),
    disposition: 'attachment',
  },
};

const app = Fastify();
beforeAll(async () => {
  app.get('/file/:name', async (request, reply) =>
    sendPrivateFile(reply, files[(request.params as { name: string }).name]!),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('contentDisposition', () => {
  it('writes an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('inline', 'ภาพ (1).png')).toBe(
      `inline; filename="___ (1).png"; filename*=UTF-8''%E0%B8%A0%E0%B8%B2%E0%B8%9E%20%281%29.png`,
    );
    expect(contentDisposition('attachment', 'a.log')).toBe(
      `attachment; filename="a.log"; filename*=UTF-8''a.log`,
    );
  });

  it('keeps quotes and backslashes out of the quoted name', () => {
    expect(contentDisposition('attachment', 'a"b\\c.log')).toBe(
      `attachment; filename="a_b_c.log"; filename*=UTF-8''a%22b%5Cc.log`,
    );
  });
});

describe('sendPrivateFile', () => {
  it('answers an image inline with its type, nosniff, no caching and a sandboxing CSP', async () => {
    const res = await app.inject({ url: '/file/image' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': contentDisposition('inline', 'ภาพ (1).png'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-site',
    });
    expect(new Uint8Array(res.rawPayload)).toEqual(png);
  });

  it('answers a file to save as an attachment, with the same protections', async () => {
    const res = await app.inject({ url: '/file/log' });
    expect(res.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="client _debug_.log"; filename*=UTF-8''client%20%22debug%22.log`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-site',
    });
    expect(res.body).toBe('line 1\nline 2\n');
  });
});
