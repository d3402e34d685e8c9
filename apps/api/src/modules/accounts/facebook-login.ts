/**
 * Facebook Login: OAuth 2.0 with the Graph API, not OpenID Connect. The player goes to the login dialog and
 * comes back to the passport return page with `code` and `state`; the API then
 *   1. trades the code at `/oauth/access_token` (with the app secret, server to server),
 *   2. asks `/debug_token` with the app's own token whether the token is valid, was issued to THIS app and for
 *      whom (a token of another app is refused),
 *   3. reads `/me?fields=id,name,email` with `appsecret_proof`, and checks it is the same person.
 * Members are keyed on the app-scoped user id. The e-mail may be missing (no address, or the player declined).
 */
import { createHmac } from 'node:crypto';

export interface FacebookConfig {
  provider: 'facebook';
  protocol: 'facebook';
  appId: string;
  appSecret: string;
  /** `https://www.facebook.com/<version>`, or a local test server in development and tests. */
  dialogBase: string;
  /** `https://graph.facebook.com/<version>`, or a local test server in development and tests. */
  graphBase: string;
}

export interface FacebookIdentity {
  subject: string;
  name: string | null;
  email: string | null;
}

export const facebookBases = (version: string) => ({
  dialogBase: `https://www.facebook.com/${version}`,
  graphBase: `https://graph.facebook.com/${version}`,
});

export class FacebookLogin {
  constructor(private readonly config: FacebookConfig) {}

  authorizeUrl(input: { redirectUri: string; state: string }): string {
    const url = new URL(`${this.config.dialogBase}/dialog/oauth`);
    url.search = new URLSearchParams({
      client_id: this.config.appId,
      redirect_uri: input.redirectUri,
      state: input.state,
      response_type: 'code',
      scope: 'public_profile,email',
    }).toString();
    return url.href;
  }

  private async graph(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(`${this.config.graphBase}${path}`);
    url.search = new URLSearchParams(query).toString();
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || 'error' in body) throw new Error(`Graph API ${path}: ${res.status}`);
    return body;
  }

  /** Throws when Facebook does not vouch for this sign-in to this app. */
  async signIn(input: { code: string; redirectUri: string }): Promise<FacebookIdentity> {
    const { appId, appSecret } = this.config;
    const token = await this.graph('/oauth/access_token', {
      client_id: appId,
      client_secret: appSecret,
      redirect_uri: input.redirectUri,
      code: input.code,
    });
    const accessToken = token.access_token;
    if (typeof accessToken !== 'string' || !accessToken) throw new Error('Graph API: no access_token');
    const debug = (
      await this.graph('/debug_token', {
        input_token: accessToken,
        access_token: `${appId}|${appSecret}`,
      })
    ).data as { app_id?: unknown; is_valid?: unknown; user_id?: unknown } | undefined;
    if (!debug || debug.is_valid !== true) throw new Error('Graph API: token not valid');
    if (String(debug.app_id) !== appId) throw new Error('Graph API: token of another app');
    const userId = String(debug.user_id ?? '');
    const me = await this.graph('/me', {
      fields: 'id,name,email',
      access_token: accessToken,
      // Proves the call comes from the app's server: a stolen token alone cannot make it.
      appsecret_proof: createHmac('sha256', appSecret).update(accessToken).digest('hex'),
    });
    if (!userId || String(me.id) !== userId) throw new Error('Graph API: /me is not the token user');
    return {
      subject: userId,
      name: typeof me.name === 'string' && me.name.trim() ? me.name.trim() : null,
      email: typeof me.email === 'string' && me.email ? me.email : null,
    };
  }
}
