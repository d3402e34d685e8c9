/**
 * Social login (spec 7 "Passport"; DESIGN section 6). The legacy OAuth-style calls sit over the providers' own
 * protocols: standard OpenID Connect (Google, Demo ID: code flow, PKCE, state and nonce, `openid-client`), Sign in
 * with Apple (apple-sign-in.ts) and Facebook Login (facebook-login.ts):
 *   request/token  -> an authorization URL; `oauth_token` is the `state` it carries;
 *   the provider   -> sends the player back to the passport host's /apple_return_url with a code; Apple instead
 *                     POSTs the code to the API (appleFormPost), which parks it and sends the player on there;
 *   access/token   -> trades that return query for an ID token and answers a short-lived, single-use access_key;
 *   login/sns      -> signs the member in by provider + subject, creating the member on the first visit.
 * Identities are never matched by e-mail: the same address at another provider is another member.
 */
import * as oidc from 'openid-client';
import { providerOfChannel, socialChannels, type SocialProvider } from '@gp/contracts/passport';
import type { LanguageCode } from '@gp/config';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import { userInfoOf } from './account.service.ts';
import { AppleSignIn, isRelayAddress, nameOfAppleUser, type AppleConfig } from './apple-sign-in.ts';
import { FacebookLogin, type FacebookConfig } from './facebook-login.ts';
import { openSession, type LoginClient } from './member-auth.ts';
import { hashSessionId, newToken } from '../sessions/index.ts';
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

/** A provider the passport signs in with, by the protocol it speaks (no `protocol`: OpenID Connect). */
export type SocialProviderConfig = OidcProviderConfig | AppleConfig | FacebookConfig;

/** Apple's form POST lands here (on the API; the passport host forwards its `/apple_return_url` POSTs). */
export const appleFormPostPath = '/passport/web/apple/callback';

/** The round trip through the provider's page: long enough to type a password and pass a second factor. */
const requestTtlMs = 10 * 60_000;
/** The access_key only bridges two calls of the return page. */
const grantTtlMs = 5 * 60_000;
export const returnPath = '/apple_return_url';

const channelOfApple = socialChannels.apple;

const refuse = (code: number): never => {
  throw new AppError(code, { domain: 'passport' });
};

/** A round trip as stored by requestToken (and, for Apple, the form POST's answer parked on it). */
interface PendingRequest {
  channelType: number;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
  formCode: string | null;
  formUser: string | null;
}

export interface SocialDeps {
  repo: SocialRepository;
  members: MemberRepository;
  sessions: SessionRepository;
  registrations: RegistrationLimit;
  env: Env;
  providers: readonly SocialProviderConfig[];
  log: { warn: (obj: object, msg: string) => void };
  now: Clock;
}

export class SocialService {
  private readonly configs = new Map<SocialProvider, Promise<oidc.Configuration>>();
  private readonly returnUrl: string;
  private readonly apple: AppleSignIn | undefined;
  private readonly facebook: FacebookLogin | undefined;

  constructor(private readonly d: SocialDeps) {
    this.returnUrl = new URL(returnPath, d.env.PASSPORT_ORIGIN).href;
    const apple = d.providers.find((p): p is AppleConfig => 'protocol' in p && p.protocol === 'apple');
    const facebook = d.providers.find(
      (p): p is FacebookConfig => 'protocol' in p && p.protocol === 'facebook',
    );
    this.apple = apple && new AppleSignIn(apple, d.now);
    this.facebook = facebook && new FacebookLogin(facebook);
  }

  /** The protocol of the channel's provider; -111 when this site does not offer it. */
  private protocolOf(channel: number): 'oidc' | 'apple' | 'facebook' {
    const key = providerOfChannel(channel);
    const provider = this.d.providers.find((p) => p.provider === key);
    if (!key || !provider) return refuse(codes.cannotOperate);
    return 'protocol' in provider ? provider.protocol : 'oidc';
  }

  /** The provider's metadata, discovered once and kept; a failed discovery is retried on the next sign-in. */
  private configuration(channel: number): Promise<oidc.Configuration> {
    const key = providerOfChannel(channel);
    const provider = this.d.providers.find(
      (p): p is OidcProviderConfig => p.provider === key && !('protocol' in p),
    );
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
    const protocol = this.protocolOf(input.channel);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    if (protocol !== 'oidc') {
      // No PKCE here: Apple does not take it and Facebook's dialog needs none for a confidential client; the
      // code is only ever traded server to server with the client secret.
      await this.d.repo.saveRequest({
        tokenHash: hashSessionId(state),
        channelType: input.channel,
        redirectUri: this.returnUrl,
        codeVerifier: '',
        nonce,
        expiresAt: new Date(this.d.now().getTime() + requestTtlMs),
      });
      const url =
        protocol === 'apple'
          ? this.apple!.authorizeUrl({ redirectUri: this.returnUrl, state, nonce, lang: input.lang })
          : this.facebook!.authorizeUrl({ redirectUri: this.returnUrl, state });
      return { oauth_token: state, authorize_url: url, expires_in: requestTtlMs / 1000 };
    }
    const config = await this.configuration(input.channel);
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
    // Outside the try: a provider this site no longer offers is -111, not the provider's refusal.
    const protocol = this.protocolOf(request!.channelType);
    let identity: { subject: string; name: string | null; email: string | null } | undefined;
    try {
      identity = await this.vouch(protocol, request!, input);
    } catch (error) {
      // A cancelled sign-in, a replayed, forged or expired code or token: the provider did not vouch for anybody.
      this.d.log.warn(
        {
          provider: providerOfChannel(request!.channelType),
          reason: (error as { code?: string }).code ?? (error as Error).message,
        },
        'social sign-in refused',
      );
    }
    if (!identity?.subject) return refuse(codes.passportAuthorizationError);
    const key = newToken(32);
    await this.d.repo.saveGrant({
      keyHash: hashSessionId(key),
      channelType: request!.channelType,
      provider: providerOfChannel(request!.channelType)!,
      subject: identity.subject,
      name: identity.name,
      email: identity.email,
      expiresAt: new Date(this.d.now().getTime() + grantTtlMs),
    });
    return { access_key: key, expires_in: grantTtlMs / 1000 };
  }

  /** Who the provider says signed in on this round trip; throws when it says nobody. */
  private async vouch(
    protocol: 'oidc' | 'apple' | 'facebook',
    request: PendingRequest,
    input: { token: string; verifier: string },
  ): Promise<{ subject: string; name: string | null; email: string | null }> {
    const answer = new URLSearchParams(input.verifier.replace(/^\?/, ''));
    if (protocol === 'apple') {
      // The code came by Apple's form POST (appleFormPost); the page only names the round trip.
      if (answer.get('state') !== input.token) throw new Error('state mismatch');
      if (!request.formCode) throw new Error('no code from Apple');
      const found = await this.apple!.signIn({
        code: request.formCode,
        redirectUri: request.redirectUri,
        nonce: request.nonce,
      });
      return { subject: found.subject, name: nameOfAppleUser(request.formUser), email: found.email };
    }
    if (protocol === 'facebook') {
      if (answer.has('error')) throw new Error(`Facebook: ${answer.get('error')}`);
      if (answer.get('state') !== input.token) throw new Error('state mismatch');
      const code = answer.get('code');
      if (!code) throw new Error('no code from Facebook');
      return this.facebook!.signIn({ code, redirectUri: request.redirectUri });
    }
    const config = await this.configuration(request.channelType);
    const currentUrl = new URL(request.redirectUri);
    currentUrl.search = answer.toString();
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: input.token,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('no subject');
    const name = [claims.name, claims.nickname, claims.preferred_username].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    return {
      subject: claims.sub,
      name: name ?? null,
      email: typeof claims.email === 'string' ? claims.email : null,
    };
  }

  /**
   * Apple's `response_mode=form_post` answer: a cross-site POST from Apple's page, so no SameSite=Lax cookie of
   * ours comes with it and none is asked for. What protects it instead: the `state` must name a round trip this
   * API started for Apple (256 random bits, stored hashed, unspent, ten minutes), and the code is only parked on
   * it, once; nothing is signed in here. The player is then sent (303, a plain GET) to the return page, which
   * finishes only if this tab started that very round trip (its session storage holds the same `oauth_token`),
   * with first-party calls that carry our cookies again. A forged POST can at most park a code on a round trip
   * its sender cannot finish. Answers where to send the browser.
   */
  async appleFormPost(form: Record<string, unknown>): Promise<string> {
    const field = (name: string) => {
      const v = form[name];
      return typeof v === 'string' && v.length <= 8192 ? v : undefined;
    };
    const state = field('state') ?? '';
    const back = new URL(this.returnUrl);
    const send = (params: Record<string, string>) => {
      back.search = new URLSearchParams(params).toString();
      return back.href;
    };
    const error = field('error');
    if (error) return send({ state, error: /^[\w.-]{1,64}$/.test(error) ? error : 'invalid_request' });
    const code = field('code');
    if (!state || !code || !this.apple) return send({ state, error: 'invalid_request' });
    const parked = await this.d.repo.parkFormAnswer(
      { tokenHash: hashSessionId(state), channelType: channelOfApple, code, user: field('user') ?? null },
      this.d.now(),
    );
    return parked ? send({ state }) : send({ state, error: 'invalid_state' });
  }

  async login(input: { channel: number; accessKey: string; lang: LanguageCode }, client: LoginClient) {
    const keyHash = hashSessionId(input.accessKey);
    const grant = await this.d.repo.findGrant(keyHash);
    if (!grant || grant.usedAt || grant.channelType !== input.channel)
      return refuse(codes.passportAccessKeyInvalid);
    const now = this.d.now();
    if (grant.expiresAt <= now) return refuse(codes.passportAccessKeyExpired);
    if (!(await this.d.repo.takeGrant(keyHash, now))) return refuse(codes.passportAccessKeyInvalid);
    const known = await this.d.repo.memberOf(grant.provider, grant.subject);
    // Apple names the player on the first authorization only: a later sign-in without a name keeps the kept one.
    if (known)
      await this.d.repo.refreshIdentity(grant.provider, grant.subject, {
        name: grant.name,
        email: grant.email,
        emailRelay: isRelayAddress(grant.email),
      });
    const found = known ?? (await this.signUp(grant, { lang: input.lang, ip: client.ip }));
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
        {
          provider: grant.provider,
          subject: grant.subject,
          email: grant.email,
          // A relay address is kept for support, marked; the member's login name is never an e-mail here.
          emailRelay: isRelayAddress(grant.email),
          name: grant.name,
        },
      ),
    );
  }
}
