/**
 * Social login (spec 7): `requestToken` starts it and names the provider's page; the provider sends the player
 * back to `/apple_return_url` with `code` and `state` (our `oauth_token`); `accessToken` trades that query for a
 * one-time `access_key`; `gameLoginSns` signs in with it and answers where to go next.
 *
 * Between leaving for the provider and coming back, what the return screen needs is kept in this tab's session
 * storage: the `oauth_token` the provider must send back as `state`, the channel and the `gourl` of the login.
 */
import {
  accessToken,
  gameLoginSns,
  requestToken,
  socialChannels,
  type SocialProvider,
} from '@gp/contracts/passport';
import { hosts } from '../../../config/env.ts';
import { api } from '../../../lib/api-client.ts';

/** The passport path the providers return to (site-map route `appleReturn`); the API accepts only this one. */
export const socialReturnPath = '/apple_return_url';
export const pendingSocialLoginKey = 'gp.socialLogin';

export interface PendingSocialLogin {
  oauth_token: string;
  channel_type: number;
  gourl: string;
}

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

/** The sign-in this tab started, if any and well-formed. */
export function readPendingSocialLogin(): PendingSocialLogin | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(pendingSocialLoginKey) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { oauth_token, channel_type, gourl } = value as Record<string, unknown>;
    if (typeof oauth_token !== 'string' || !oauth_token) return undefined;
    if (typeof channel_type !== 'number' || typeof gourl !== 'string') return undefined;
    return { oauth_token, channel_type, gourl };
  } catch {
    return undefined;
  }
}

export function clearPendingSocialLogin(): void {
  try {
    sessionStorage.removeItem(pendingSocialLoginKey);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

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
