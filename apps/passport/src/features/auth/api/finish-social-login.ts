import { accessToken, gameLoginSns } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';
import type { PendingSocialLogin } from '../model/pending-social-login.ts';

/**
 * Completes the sign-in the provider returned from: `search` is the return URL's query (`?code=...&state=...`),
 * passed on unchanged as `oauth_verifier`. Answers the `gourl` the API gives back.
 */
export async function finishSocialLogin(pending: PendingSocialLogin, search: string): Promise<string> {
  const { access_key } = await api.call(accessToken, {
    channel_type: pending.channel_type,
    oauth_token: pending.oauth_token,
    oauth_verifier: search.replace(/^\?/, ''),
  });
  const member = await api.call(gameLoginSns, {
    channel_type: pending.channel_type,
    type: 1,
    access_key,
    gourl: pending.gourl,
  });
  return member.gourl;
}
