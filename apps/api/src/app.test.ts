import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '5' });
});
afterAll(() => t.close());

describe('app', () => {
  it('reports the database in /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'up', database: { status: 'up' } } });
  });

  it('allows the app origins with credentials and nobody else', async () => {
    const ok = await t.app.inject({ url: '/web/game/list', headers: { origin: 'http://localhost:8080' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({ url: '/web/game/list', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 429 with the too-frequent code past the rate limit', async () => {
    let last = await t.app.inject({ url: '/web/home/nav/list', remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 6; i++)
      last = await t.app.inject({ url: '/web/home/nav/list', remoteAddress: '10.9.9.9' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 800000, data: null });
    const other = await t.app.inject({ url: '/web/home/nav/list', remoteAddress: '10.9.9.10' });
    expect(other.statusCode).toBe(200);
  });
});
