/**
 * The development-only parts: absent in production, loopback-only in development, and a production app
 * refuses an environment that would bring one in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../test/production-env.ts';
import { createTestApp, openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { parseEnv } from '../config/env.ts';
import { developmentParts } from '../dev/development-parts.ts';
import { isLoopback } from './development-only.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const devRoutes = [
  { method: 'GET' as const, url: '/dev/mailbox' },
  { method: 'GET' as const, url: '/dev/mailbox.json' },
  { method: 'GET' as const, url: '/dev/game-sim/deliveries' },
  { method: 'POST' as const, url: '/dev/game-sim/switch/clear', payload: {} },
  { method: 'GET' as const, url: '/pay/sandbox/checkout/SBX20000101AAAAAAAAAAAAAAAA' },
];

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer this machine', async () => {
    for (const route of devRoutes) {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ ...route, remoteAddress });
        expect(res.statusCode, `${route.url} from ${remoteAddress}`).not.toBe(403);
      }
    }
    const viaName = await t.app.inject({ url: '/dev/mailbox', headers: { host: 'localhost:8090' } });
    expect(viaName.statusCode).toBe(200);
  });

  it('refuse anyone else, also through a proxy on this machine or under another name', async () => {
    for (const route of devRoutes) {
      const lan = await t.app.inject({ ...route, remoteAddress: '192.168.1.20' });
      expect(lan.statusCode, route.url).toBe(403);
      expect(lan.body).toMatch(/this machine only/);
      const relayed = await t.app.inject({ ...route, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(relayed.statusCode, route.url).toBe(403);
      // DNS rebinding: a site's own name pointed at 127.0.0.1.
      const rebound = await t.app.inject({ ...route, headers: { host: 'evil.example:8090' } });
      expect(rebound.statusCode, route.url).toBe(403);
    }
    // The players' calls are for everyone.
    const player = await t.app.inject({ url: '/web/home/nav/list', remoteAddress: '192.168.1.20' });
    expect(player.statusCode).toBe(200);
  });

  it('know a loopback address', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(a), a).toBe(true);
    for (const a of ['0.0.0.0', '10.0.0.1', '::', '128.0.0.1', '127.0.0.1.evil', '', undefined])
      expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe('in production', () => {
  it('do not exist: 404 even from this machine', async () => {
    const prod = await createTestApp({ ...productionEnv, PAY_WORKER: 'false' });
    try {
      for (const route of devRoutes) {
        const res = await prod.app.inject({ ...route, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, route.url).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });

  it('cannot be brought in by an environment made by hand', async () => {
    const env = parseEnv(productionEnv);
    const database = { db: {} } as Parameters<typeof buildApp>[0]['database'];
    for (const part of [
      { payProvider: 'sandbox' as const },
      { demoId: true },
      { CAPTCHA_TEST_ANSWER: 'pass' },
      { MAIL_TRANSPORT: 'outbox' as const },
      { SMS_TRANSPORT: 'outbox' as const },
    ]) {
      await expect(buildApp({ env: { ...env, ...part }, database, logger: false })).rejects.toThrow(
        /refused in production/,
      );
    }
  });

  it('refuses the development stand-ins handed to a production app', async () => {
    const env = parseEnv(productionEnv);
    const database = { db: {} } as Parameters<typeof buildApp>[0]['database'];
    await expect(buildApp({ env, database, logger: false, dev: developmentParts })).rejects.toThrow(
      /refused in production: the development stand-ins/,
    );
  });
});

describe('without the development stand-ins (the production entry points)', () => {
  it('a development environment that asks for one stops the start, naming it', async () => {
    const database = await openTestDatabase();
    try {
      await expect(
        buildApp({ env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, logger: false }),
      ).rejects.toThrow(/PAY_PROVIDER=sandbox, GAME_SIM asks for a development stand-in/);
    } finally {
      await database.close();
    }
  });
});
