/**
 * Social login (spec 7 "Passport"; DESIGN section 6). The legacy OAuth-style calls sit over OpenID Connect with
 * the authorization code flow, PKCE, state and nonce (`openid-client`):
 *   request/token  -> an authorization URL; `oauth_token` is the `state` it carries;
 *   the provider   -> sends the player back to the passport host's /apple_return_url with a code;
 *   access/token   -> trades that return query for an ID token and answers a short-lived, single-use access_key;
 *   login/sns      -> signs the member in by provider + subject, creating the member on the first visit.
 * Identities are never matched by e-mail: the same address at another provider is another member.
 */
import * as oidc from 'openid-client';
import { providerOfChannel, type SocialProvider } from '@gp/contracts/passport';
import type { LanguageCode } from '@gp/config';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import { userInfoOf } from './account.service.ts';
import { hashSessionId, newToken, openSession, type LoginClient } from './member-auth.ts';
import type { MemberRepository } from './member.repository.ts';
import { freshNickname } from './nickname.ts';
import type { RegistrationLimit } from './registration-limit.ts';
import type { SessionRepository } from './session.repository.ts';
import type { SocialRepository } from './social.repository.ts';

export interface OidcProviderConfig {
  provider: SocialProvider;
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
}

/** The round trip through the provider's page: long enough to type a password and pass a second factor. */
const requestTtlMs = 10 * 60_000;
/** The access_key only bridges two calls of the return page. */
const grantTtlMs = 5 * 60_000;
export const returnPath = '/apple_return_url';

const refuse = (code: number): never => {
  throw new AppError(code, { domain: 'passport' });
};

export interface SocialDeps {
  repo: SocialRepository;
  members: MemberRepository;
  sessions: SessionRepository;
  registrations: RegistrationLimit;
  env: Env;
  providers: readonly OidcProviderConfig[];
  log: { warn: (obj: object, msg: string) => void };
  now: Clock;
}

export class SocialService {
  private readonly configs = new Map<SocialProvider, Promise<oidc.Configuration>>();
  private readonly returnUrl: string;

  constructor(private readonly d: SocialDeps) {
    this.returnUrl = new URL(returnPath, d.env.PASSPORT_ORIGIN).href;
  }

  /** The provider's metadata, discovered once and kept; a failed discovery is retried on the next sign-in. */
  private configuration(channel: number): Promise<oidc.Configuration> {
    const key = providerOfChannel(channel);
    const provider = this.d.providers.find((p) => p.provider === key);
    if (!key || !provider) return refuse(codes.cannotOperate);
    let config = this.configs.get(key);
    if (!config) {
      const issuer = new URL(provider.issuer);
      config = oidc
        .discovery(
          issuer,
          provider.clientId,
          undefined,
          provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
          // Only the loopback Demo ID speaks plain HTTP; env.ts demands https for real providers.
          issuer.protocol === 'http:'
            ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
            : { timeout: 10 },
        )
        .catch((error: unknown) => {
          this.configs.delete(key);
          this.d.log.warn({ err: error, provider: key }, 'OpenID provider discovery failed');
          return refuse(codes.passportAuthorizationError);
        });
      this.configs.set(key, config);
    }
    return config;
  }

  async requestToken(input: { channel: number; callback: string; lang: LanguageCode }) {
    // Only our own return route: anything else would hand the code to whoever named the callback.
    if (input.callback !== this.returnUrl) refuse(codes.illegalRequest);
    const config = await this.configuration(input.channel);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.d.repo.saveRequest({
      tokenHash: hashSessionId(state),
      channelType: input.channel,
      redirectUri: this.returnUrl,
      codeVerifier,
      nonce,
      expiresAt: new Date(this.d.now().getTime() + requestTtlMs),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.returnUrl,
      scope: 'openid profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ui_locales: input.lang,
    });
    return { oauth_token: state, authorize_url: url.href, expires_in: requestTtlMs / 1000 };
  }

  async accessToken(input: { channel: number; token: string; verifier: string }) {
    const now = this.d.now();
    const request = await this.d.repo.takeRequest(hashSessionId(input.token), now);
    if (!request || request.expiresAt <= now || request.channelType !== input.channel)
      refuse(codes.passportSessionKeyError);
    const config = await this.configuration(request!.channelType);
    const currentUrl = new URL(request!.redirectUri);
    currentUrl.search = input.verifier.replace(/^\?/, '');
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: request!.codeVerifier,
        expectedState: input.token,
        expectedNonce: request!.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      // A cancelled sign-in, a replayed or forged code: the provider did not vouch for anybody.
      this.d.log.warn(
        { provider: providerOfChannel(request!.channelType), reason: (error as { code?: string }).code },
        'social sign-in refused',
      );
    }
    if (!claims?.sub) return refuse(codes.passportAuthorizationError);
    const key = newToken(32);
    const name = [claims.name, claims.nickname, claims.preferred_username].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    await this.d.repo.saveGrant({
      keyHash: hashSessionId(key),
      channelType: request!.channelType,
      provider: providerOfChannel(request!.channelType)!,
      subject: claims.sub,
      name: name ?? null,
      email: typeof claims.email === 'string' ? claims.email : null,
      expiresAt: new Date(this.d.now().getTime() + grantTtlMs),
    });
    return { access_key: key, expires_in: grantTtlMs / 1000 };
  }

  async login(input: { channel: number; accessKey: string; lang: LanguageCode }, client: LoginClient) {
    const keyHash = hashSessionId(input.accessKey);
    const grant = await this.d.repo.findGrant(keyHash);
    if (!grant || grant.usedAt || grant.channelType !== input.channel)
      return refuse(codes.passportAccessKeyInvalid);
    const now = this.d.now();
    if (grant.expiresAt <= now) return refuse(codes.passportAccessKeyExpired);
    if (!(await this.d.repo.takeGrant(keyHash, now))) return refuse(codes.passportAccessKeyInvalid);
    const found =
      (await this.d.repo.memberOf(grant.provider, grant.subject)) ??
      (await this.signUp(grant, { lang: input.lang, ip: client.ip }));
    const session = await openSession(this.d.sessions, found.mid, false, client.sessionId, now);
    return { user: userInfoOf(found), session };
  }

  /** A first visit makes a member, within the same per-address registration limit as the forms (-800). */
  private async signUp(
    grant: {
      provider: string;
      subject: string;
      name: string | null;
      email: string | null;
      channelType: number;
    },
    input: { lang: LanguageCode; ip: string },
  ) {
    return this.d.registrations.within(input.ip, async () =>
      this.d.repo.createMember(
        {
          userId: `${grant.provider}:${grant.subject}`,
          nickName: await freshNickname(grant.name ?? '', (n) => this.d.members.nicknameTaken(n)),
          loginType: grant.channelType,
          lang: input.lang === 'ja' ? 'en' : input.lang,
        },
        { provider: grant.provider, subject: grant.subject, email: grant.email },
      ),
    );
  }
}
