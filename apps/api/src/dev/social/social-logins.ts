/**
 * The stand-in social logins of a development start: the Demo ID provider (DEMO_ID, on by default off production)
 * and, with SOCIAL_TEST_SERVERS, Apple and Facebook answered by local test servers through their real protocols.
 */
import type { StartedSocialLogins } from '../../composition/development-parts.ts';
import type { Env } from '../../config/env.ts';
import { returnPath } from '../../modules/accounts/index.ts';
import { startDemoIdServer } from './demo-id.server.ts';
import { startSocialTestServers } from './social-test-servers.ts';

export async function startSocialLogins(
  env: Env,
  warn: (obj: object, msg: string) => void,
): Promise<StartedSocialLogins> {
  const redirectUris = [new URL(returnPath, env.PASSPORT_ORIGIN).href];
  const demoId = env.demoId
    ? await startDemoIdServer({
        host: '127.0.0.1',
        port: env.DEMO_ID_PORT,
        redirectUris,
        // Called only while serving requests, when the app (and its logger) exists.
        log: { warn },
      })
    : undefined;
  const testServers = env.SOCIAL_TEST_SERVERS
    ? await startSocialTestServers({
        host: '127.0.0.1',
        port: 0,
        redirectUris,
        graphVersion: env.FACEBOOK_GRAPH_VERSION,
      })
    : undefined;
  return {
    providers: [
      ...(testServers ? [testServers.apple, testServers.facebook] : []),
      ...(demoId ? [demoId.provider] : []),
    ],
    replaces: testServers ? ['apple', 'facebook'] : [],
    addresses: [
      ...(demoId
        ? [`  Demo ID         ${demoId.provider.issuer}  (stand-in social login; never in production)`]
        : []),
      ...(testServers
        ? [`  Apple/Facebook  ${testServers.url}  (social-login test servers; never in production)`]
        : []),
    ],
    close: async () => {
      await demoId?.close();
      await testServers?.close();
    },
  };
}
