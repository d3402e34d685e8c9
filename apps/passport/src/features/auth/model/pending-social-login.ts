/**
 * Social login (spec 7): `requestToken` starts it and names the provider's page; the provider sends the player
 * back to `/apple_return_url` with `code` and `state` (our `oauth_token`); `accessToken` trades that query for a
 * one-time `access_key`; `gameLoginSns` signs in with it and answers where to go next (the calls:
 * `api/start-social-login.ts`, `api/finish-social-login.ts`).
 *
 * Between leaving for the provider and coming back, what the return screen needs is kept in this tab's session
 * storage: the `oauth_token` the provider must send back as `state`, the channel and the `gourl` of the login.
 */

/** The passport path the providers return to (site-map route `appleReturn`); the API accepts only this one. */
export const socialReturnPath = '/apple_return_url';

export const pendingSocialLoginKey = 'gp.socialLogin';

export interface PendingSocialLogin {
  oauth_token: string;
  channel_type: number;
  gourl: string;
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
