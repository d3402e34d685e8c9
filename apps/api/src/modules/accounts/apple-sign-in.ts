/**
 * Sign in with Apple over its own protocol (not plain OpenID Connect):
 *   - the authorization asks for `response_mode=form_post` with scope `name email`: Apple answers with a form
 *     POST (code, state, and on the first authorization only a `user` field with the name);
 *   - the client secret is an ES256 JWT signed with the team's Sign in with Apple key (team id, key id, the .p8);
 *   - the code is traded at `/auth/token`, and the ID token verified against Apple's JWKS: issuer, audience (our
 *     Services ID), expiry and the nonce of this sign-in.
 * `base` is https://appleid.apple.com, or a local test server in development and tests (SOCIAL_TEST_SERVERS).
 */
import {
  createRemoteJWKSet,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTVerifyGetKey,
} from 'jose';
import type { Clock } from '../../config/clock.ts';

export const appleBase = 'https://appleid.apple.com';
/** Where Apple's "Hide My Email" addresses live: they reach the player only through Apple's relay. */
export const appleRelayDomain = 'privaterelay.appleid.com';

export const isRelayAddress = (email: string | null | undefined): boolean =>
  !!email && email.toLowerCase().endsWith(`@${appleRelayDomain}`);

export interface AppleConfig {
  provider: 'apple';
  protocol: 'apple';
  /** The Services ID (the ID token's audience). */
  clientId: string;
  teamId: string;
  keyId: string;
  /** The .p8 key, PKCS#8 PEM. */
  privateKey: string;
  base: string;
}

/** What a verified ID token says about the player. */
export interface AppleIdentity {
  subject: string;
  email: string | null;
  relay: boolean;
}

/** The client secret lives minutes: it is made for each code exchange (Apple allows up to six months). */
const clientSecretTtlS = 300;

export class AppleSignIn {
  private readonly jwks: JWTVerifyGetKey;
  private key: Promise<CryptoKey> | undefined;

  constructor(
    private readonly config: AppleConfig,
    private readonly now: Clock,
  ) {
    this.jwks = createRemoteJWKSet(new URL(`${config.base}/auth/keys`), { timeoutDuration: 10_000 });
  }

  authorizeUrl(input: { redirectUri: string; state: string; nonce: string; lang: string }): string {
    const url = new URL(`${this.config.base}/auth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      response_mode: 'form_post',
      client_id: this.config.clientId,
      redirect_uri: input.redirectUri,
      scope: 'name email',
      state: input.state,
      nonce: input.nonce,
      locale: input.lang,
    }).toString();
    return url.href;
  }

  /** The ES256 client secret Apple's token endpoint checks with the team's public key. */
  async clientSecret(): Promise<string> {
    this.key ??= importPKCS8(this.config.privateKey, 'ES256');
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.config.keyId })
      .setIssuer(this.config.teamId)
      .setSubject(this.config.clientId)
      .setAudience(this.config.base)
      .setIssuedAt(iat)
      .setExpirationTime(iat + clientSecretTtlS)
      .sign(await this.key);
  }

  /** Trades the code and verifies the ID token; throws when Apple does not vouch for this sign-in. */
  async signIn(input: { code: string; redirectUri: string; nonce: string }): Promise<AppleIdentity> {
    const res = await fetch(`${this.config.base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: await this.clientSecret(),
        code: input.code,
        grant_type: 'authorization_code',
        redirect_uri: input.redirectUri,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
    if (!res.ok || typeof answer.id_token !== 'string')
      throw new Error(`Apple token endpoint: ${res.status} ${String(answer.error ?? '')}`);
    const { payload } = await jwtVerify(answer.id_token, this.jwks, {
      issuer: this.config.base,
      audience: this.config.clientId,
      algorithms: ['RS256'],
      currentDate: this.now(),
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
    });
    if (payload.nonce !== input.nonce) throw new Error('Apple ID token: nonce mismatch');
    const email = typeof payload.email === 'string' ? payload.email : null;
    // Apple writes booleans as strings in some ID tokens.
    const privateEmail = payload.is_private_email === true || payload.is_private_email === 'true';
    return { subject: payload.sub!, email, relay: privateEmail || isRelayAddress(email) };
  }
}

/**
 * The name from Apple's `user` form field (`{"name":{"firstName":..,"lastName":..},"email":..}`), sent on the
 * first authorization only; null when absent or malformed.
 */
export function nameOfAppleUser(user: string | null | undefined): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    return parts.length > 0 ? parts.map((p) => p.trim()).join(' ') : null;
  } catch {
    return null;
  }
}
