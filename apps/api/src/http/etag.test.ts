import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf, installEtags } from './etag.ts';

describe('installEtags', () => {
  const app = Fastify();
  beforeAll(async () => {
    installEtags(app);
    app.get('/public', async () => ({ news: 1 }));
    app.get('/personal', async (_, reply) => reply.header('cache-control', 'no-store').send({ mine: 1 }));
    app.post('/search', async () => ({ found: 1 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('tags a GET that may be kept and answers 304 to its own tag, weak or strong', async () => {
    const first = await app.inject({ method: 'GET', url: '/public' });
    expect(first.headers.etag).toBe(etagOf(first.body));
    for (const match of [first.headers.etag, `W/${first.headers.etag}`]) {
      const again = await app.inject({ method: 'GET', url: '/public', headers: { 'if-none-match': match } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const other = await app.inject({ method: 'GET', url: '/public', headers: { 'if-none-match': '"x"' } });
    expect(other.statusCode).toBe(200);
  });

  it('leaves POST answers and no-store answers untagged', async () => {
    expect((await app.inject({ method: 'POST', url: '/search' })).headers.etag).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/personal' })).headers.etag).toBeUndefined();
  });
});
