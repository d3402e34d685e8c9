import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { productionEnv } from '../../../test/production-env.ts';
import { parseEnv } from '../../config/env.ts';
import { configuredSocialProviders, forwardAppleFormPost } from './social-providers.ts';

describe('configuredSocialProviders', () => {
  it('has Apple and Facebook at their real addresses once configured, beside the OpenID ones', () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const env = parseEnv({
      ...productionEnv,
      OIDC_PROVIDERS: '[{"provider":"google","issuer":"https://accounts.google.com","clientId":"g"}]',
      APPLE_CLIENT_ID: 'com.example.web',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: key,
      FACEBOOK_APP_ID: '123456789',
      FACEBOOK_APP_SECRET: 'f'.repeat(32),
    });
    expect(configuredSocialProviders(env)).toEqual([
      { provider: 'google', issuer: 'https://accounts.google.com', clientId: 'g' },
      expect.objectContaining({ provider: 'apple', base: 'https://appleid.apple.com', teamId: 'ABCDE12345' }),
      expect.objectContaining({
        provider: 'facebook',
        dialogBase: 'https://www.facebook.com/v21.0',
        graphBase: 'https://graph.facebook.com/v21.0',
      }),
    ]);
    expect(configuredSocialProviders(parseEnv(productionEnv))).toEqual([]);
  });
});

describe('forwardAppleFormPost', () => {
  it("sends Apple's POST to the passport return URL on to the API's callback, the same POST (307)", async () => {
    const host = Fastify();
    forwardAppleFormPost(host, 'http://localhost:8090');
    const res = await host.inject({
      method: 'POST',
      url: '/apple_return_url',
      payload: 'code=c&state=s',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('http://localhost:8090/passport/web/apple/callback');
    await host.close();
  });
});
