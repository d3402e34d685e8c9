/**
 * The social-login providers an environment configures (apps/api/README.md "Social login"): the OpenID Connect
 * ones of OIDC_PROVIDERS, Sign in with Apple with APPLE_*, Facebook Login with FACEBOOK_*. server.ts adds the Demo
 * ID and, with SOCIAL_TEST_SERVERS, puts the local test servers in Apple's and Facebook's place.
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { appleBase } from './apple-sign-in.ts';
import { facebookBases } from './facebook-login.ts';
import { appleFormPostPath, returnPath, type SocialProviderConfig } from './social.service.ts';

export function configuredSocialProviders(env: Env): SocialProviderConfig[] {
  const providers: SocialProviderConfig[] = [...env.OIDC_PROVIDERS];
  // env.ts refuses APPLE_CLIENT_ID without the other three, and FACEBOOK_APP_ID without the secret.
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY)
    providers.push({
      provider: 'apple',
      protocol: 'apple',
      clientId: env.APPLE_CLIENT_ID,
      teamId: env.APPLE_TEAM_ID,
      keyId: env.APPLE_KEY_ID,
      privateKey: env.APPLE_PRIVATE_KEY,
      base: appleBase,
    });
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET)
    providers.push({
      provider: 'facebook',
      protocol: 'facebook',
      appId: env.FACEBOOK_APP_ID,
      appSecret: env.FACEBOOK_APP_SECRET,
      ...facebookBases(env.FACEBOOK_GRAPH_VERSION),
    });
  return providers;
}

/**
 * The passport host's part of Apple's form_post, for `pnpm start` (in production the proxy does the same,
 * deploy/nginx): Apple posts to `<passport>/apple_return_url`, a static page's address, so the POST is sent on
 * to the API with a 307 (the browser repeats the same POST there).
 */
export function forwardAppleFormPost(passportHost: FastifyInstance, apiOrigin: string): void {
  void passportHost.register(async (scope) => {
    // The body is the API's to read: accept the form here without parsing it.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, undefined),
    );
    scope.post(returnPath, async (_request, reply) =>
      reply.redirect(new URL(appleFormPostPath, apiOrigin).href, 307),
    );
  });
}
