import { requestToken, socialChannels, type SocialProvider } from '@gp/contracts/passport';
import { hosts } from '../../../config/env.ts';
import { api } from '../../../lib/api-client.ts';
import {
  socialReturnPath,
  type PendingSocialLogin,
  pendingSocialLoginKey,
} from '../model/pending-social-login.ts';

/**
 * Asks for a sign-in with `provider`, remembers it for the return screen and answers the provider's page to go
 * to. `gourl` is where the player goes after signing in (the login screen's checked return target).
 */
export async function startSocialLogin(provider: SocialProvider, gourl: string): Promise<string> {
  const channel_type = socialChannels[provider];
  const answer = await api.call(requestToken, {
    channel_type,
    oauth_callback: `${hosts.apps.passport}${socialReturnPath}`,
  });
  // Only ever leave for a web page: the address comes from our API, but a `javascript:` URL must never run.
  const { protocol } = new URL(answer.authorize_url);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('unexpected authorize_url');
  const pending: PendingSocialLogin = { oauth_token: answer.oauth_token, channel_type, gourl };
  sessionStorage.setItem(pendingSocialLoginKey, JSON.stringify(pending));
  return answer.authorize_url;
}
