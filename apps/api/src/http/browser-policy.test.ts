/** The API's headers for browsers, CORS per call group and the refusal of cross-site writes. */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes } from '@gp/errors';
import { productionEnv } from '../../test/production-env.ts';
import { createTestApp } from '../../test/test-app.ts';
import { apiContentSecurityPolicy, withFrameAncestors } from './browser-policy.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const portal = 'http://localhost:8080';
const passport = 'http://localhost:8081';
const console_ = 'http://localhost:8083';
const evil = 'https://evil.example';

/** A write every visitor can attempt: the login (its body is wrong on purpose; only the refusal matters). */
const login = { method: 'POST' as const, url: '/passport/web/login', payload: { user: 'nobody' } };
const staffLogin = { method: 'POST' as const, url: '/csmng/login', payload: { account_id: 'nobody' } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function expectBrowserHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=()');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
}

describe('headers', () => {
  it('go with every answer: a call, a refusal, a 404, the health check', async () => {
    const answers = {
      call: await t.app.inject({ url: '/web/home/nav/list' }),
      refusal: await t.app.inject({ url: '/passport/web/user/info' }),
      invalid: await t.app.inject(login),
      missing: await t.app.inject({ url: '/web/nothing-here' }),
      health: await t.app.inject({ url: '/healthz' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expectBrowserHeaders(res.headers, what);
      expect(res.headers['content-security-policy'], what).toBe(apiContentSecurityPolicy);
      // Development and tests run on plain http: no HSTS.
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    expect(answers.missing.statusCode).toBe(404);
  });

  it("keep a page's own policy and add frame-ancestors where it lacks it", async () => {
    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page.headers, 'mailbox');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(withFrameAncestors("default-src 'none'; frame-ancestors 'self'")).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
  });

  it('include HSTS in production', async () => {
    const prod = await createTestApp(productionEnv);
    try {
      for (const url of ['/web/home/nav/list', '/healthz', '/nowhere']) {
        const res = await prod.app.inject({ url });
        expectBrowserHeaders(res.headers, url);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await prod.close();
    }
  });
});

describe('cross-site writes', () => {
  const refused = (res: { statusCode: number; json: () => { code: number } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(codes.crossSite);
  };

  it('are refused with -113 when the Origin is another site, login included', async () => {
    const res = await t.app.inject({ ...login, headers: { origin: evil } });
    refused(res);
    expect(res.json().message).toMatch(/another website/);
    refused(await t.app.inject({ ...login, headers: { origin: 'null' } }));
    refused(await t.app.inject({ ...staffLogin, headers: { origin: evil } }));
    // Another port of the API's host name is another origin.
    refused(
      await t.app.inject({ ...login, headers: { origin: 'http://localhost:9999', host: 'localhost:8090' } }),
    );
    // A form posted from another site, in any encoding.
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/passport/web/login',
        headers: { origin: evil, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'user=nobody',
      }),
    );
  });

  it('are refused when the browser says cross-site, with no Origin', async () => {
    refused(await t.app.inject({ ...login, headers: { 'sec-fetch-site': 'cross-site' } }));
  });

  it('go on from our apps, from the API itself, from servers and for reads', async () => {
    const passes = async (request: InjectOptions) => {
      const res = await t.app.inject(request);
      expect(res.statusCode).not.toBe(403);
      expect(res.json().code).not.toBe(codes.crossSite);
    };
    await passes({ ...login, headers: { origin: passport, 'sec-fetch-site': 'same-site' } });
    await passes({ ...login, headers: { origin: portal } });
    await passes({ ...staffLogin, headers: { origin: console_, 'sec-fetch-site': 'same-site' } });
    // The API's own pages post back to it (the sandbox checkout): the Origin is the request's host.
    await passes({ ...login, headers: { origin: 'http://localhost:8090', host: 'localhost:8090' } });
    await passes({ ...login, headers: { origin: 'https://api.joypeak.test', host: 'api.joypeak.test:443' } });
    // A server (a payment provider's notification) sends neither header.
    await passes(login);
    await passes({ url: '/web/home/nav/list', headers: { origin: evil, 'sec-fetch-site': 'cross-site' } });
  });

  it('to the staff group come from the console only', async () => {
    refused(await t.app.inject({ ...staffLogin, headers: { origin: portal } }));
    refused(await t.app.inject({ ...staffLogin, headers: { origin: passport } }));
  });

  it('in production come from the configured apps only, not from the API host itself', async () => {
    const prod = await createTestApp(productionEnv);
    try {
      const own = await prod.app.inject({
        ...login,
        headers: { origin: 'https://api.joypeak.test', host: 'api.joypeak.test' },
      });
      expect(own.json().code).toBe(codes.crossSite);
      const app = await prod.app.inject({ ...login, headers: { origin: productionEnv.PASSPORT_ORIGIN } });
      expect(app.json().code).not.toBe(codes.crossSite);
    } finally {
      await prod.close();
    }
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST' },
    });

  it('lets the console, and only the console, call the staff group with credentials', async () => {
    const ok = await preflight('/csmng/login', console_);
    expect(ok.headers['access-control-allow-origin']).toBe(console_);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    for (const origin of [portal, passport, evil]) {
      const res = await preflight('/csmng/login', origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    const read = await t.app.inject({ url: '/csmng/login_check', headers: { origin: portal } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the four apps call the player groups with credentials, and nobody else', async () => {
    for (const origin of [portal, passport, 'http://localhost:8082', console_]) {
      const res = await t.app.inject({ url: '/web/home/nav/list', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-allow-credentials'], origin).toBe('true');
    }
    const other = await t.app.inject({ url: '/web/home/nav/list', headers: { origin: evil } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await preflight('/passport/web/login', evil)).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('follows the configured origins in production', async () => {
    const prod = await createTestApp(productionEnv);
    try {
      const staff = await prod.app.inject({
        method: 'OPTIONS',
        url: '/csmng/login',
        headers: { origin: productionEnv.CS_ADMIN_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(staff.headers['access-control-allow-origin']).toBe(productionEnv.CS_ADMIN_ORIGIN);
      const player = await prod.app.inject({
        url: '/web/home/nav/list',
        headers: { origin: productionEnv.PAY_ORIGIN },
      });
      expect(player.headers['access-control-allow-origin']).toBe(productionEnv.PAY_ORIGIN);
      const local = await prod.app.inject({ url: '/web/home/nav/list', headers: { origin: portal } });
      expect(local.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
