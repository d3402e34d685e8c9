/**
 * Local test servers that answer and sign as Sign in with Apple and Facebook Login do, on one loopback port, so
 * the API's real clients (apple-sign-in.ts, facebook-login.ts) run end to end in tests and under `pnpm start`
 * (SOCIAL_TEST_SERVERS; refused in production). Their sign-in pages take any name and sign it in.
 *
 * Apple (`/apple`): `/auth/authorize` (a page, then the form POST back with code, state and, on a subject's first
 * authorization only, the `user` field), `/auth/token` (checks the ES256 client-secret JWT against the team's
 * public key, the code and the redirect URI; answers an RS256 ID token), `/auth/keys` (the JWKS). Facebook
 * (`/facebook/<version>`): `/dialog/oauth` (a page, then the redirect with code and state),
 * `/oauth/access_token`, `/debug_token` (with the app token `id|secret`), `/me` (with `appsecret_proof`).
 * `misbehave` makes the next answer wrong the ways the clients must refuse.
 */
import { createHash, createHmac, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { isLoopback } from '../../http/development-only.ts';
import { appleRelayDomain, type AppleConfig, type FacebookConfig } from '../../modules/accounts/index.ts';

export type AppleTrick = 'expired' | 'forged' | 'wrong-nonce' | 'wrong-audience';
export type FacebookTrick = 'other-app' | 'invalid-token';

export interface SocialTestServerOptions {
  host: string;
  port: number;
  /** Where the providers may send players back: the passport host's return route. */
  redirectUris: string[];
  graphVersion?: string;
}

export interface SocialTestServers {
  url: string;
  apple: AppleConfig;
  facebook: FacebookConfig;
  /** Every client secret `/auth/token` was shown, and whether its signature and claims held. */
  appleClientSecrets: Array<{ valid: boolean }>;
  /** The next ID token (Apple) or token (Facebook) is wrong this way. */
  misbehave: (trick: { apple?: AppleTrick; facebook?: FacebookTrick }) => void;
  close: () => Promise<void>;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const style = `body{font-family:system-ui,sans-serif;margin:0;background:#f2f2f7;color:#111}
main{max-width:24rem;margin:8vh auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin:1rem 0 .4rem}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.7rem;font-size:1rem;border:1px solid #6b7280;border-radius:8px}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{flex:1;padding:.75rem;font-size:1rem;border-radius:8px;cursor:pointer}
.primary{background:#1d4ed8;color:#fff;border:0}.secondary{background:#fff;color:#111;border:1px solid #6b7280}
.problem{color:#b91c1c}`;

function htmlPage(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>${style}</style></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 16_384) break;
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, type: 'html' | 'json', body: string) {
  res.writeHead(status, {
    'content-type': type === 'html' ? 'text/html; charset=utf-8' : 'application/json',
    'cache-control': 'no-store',
  });
  res.end(body);
}
const json = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'json', JSON.stringify(value));

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export async function startSocialTestServers(options: SocialTestServerOptions): Promise<SocialTestServers> {
  // Signs anyone in as anyone: this machine only.
  if (!isLoopback(options.host)) throw new Error(`the social test servers listen on loopback only`);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const version = options.graphVersion ?? 'v21.0';
  const redirectOk = (uri: string | null) => !!uri && options.redirectUris.includes(uri);
  const tricks: { apple?: AppleTrick; facebook?: FacebookTrick } = {};

  // ---- Apple ----
  const appleBase = `${url}/apple`;
  const team = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const apple: AppleConfig = {
    provider: 'apple',
    protocol: 'apple',
    clientId: 'com.example.gp.signin',
    teamId: 'TESTTEAM01',
    keyId: 'TESTKEY001',
    privateKey: team.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    base: appleBase,
  };
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKid = 'apple-test-1';
  const jwks = {
    keys: [{ ...signing.publicKey.export({ format: 'jwk' }), kid: signingKid, use: 'sig', alg: 'RS256' }],
  };
  const appleAuthorized = new Set<string>();
  const appleCodes = new Map<
    string,
    { sub: string; email: string; relay: boolean; nonce: string; redirectUri: string; at: number }
  >();
  const appleClientSecrets: Array<{ valid: boolean }> = [];

  const applePage = (params: URLSearchParams, problem?: string) =>
    htmlPage(
      'Sign in with Apple (test server)',
      `<p>A local stand-in for Apple: any e-mail signs in.</p>
<form method="post" action="/apple/auth/authorize" novalidate>
${hidden(Object.fromEntries(['client_id', 'redirect_uri', 'state', 'nonce', 'response_mode', 'scope'].map((k) => [k, params.get(k) ?? ''])))}
<label for="first">First name</label><input type="text" id="first" name="first_name" autocomplete="given-name">
<label for="last">Last name</label><input type="text" id="last" name="last_name" autocomplete="family-name">
<label for="email">Apple ID (e-mail)</label><input type="email" id="email" name="email" autocomplete="email"${problem ? ' aria-invalid="true" aria-describedby="problem"' : ''}>
${problem ? `<p id="problem" class="problem" role="alert">${escape(problem)}</p>` : ''}
<label class="check"><input type="checkbox" name="hide" value="1"> Hide my e-mail</label>
<div class="actions"><button type="submit" class="primary">Continue</button>
<button type="submit" class="secondary" name="cancel" value="1">Cancel</button></div>
</form>`,
    );

  /** Apple's form_post: the browser posts the answer to the redirect URI. */
  const formPost = (res: ServerResponse, redirectUri: string, fields: Record<string, string>) =>
    send(
      res,
      200,
      'html',
      htmlPage(
        'Sign in with Apple (test server)',
        `<form method="post" action="${escape(redirectUri)}" id="answer">${hidden(fields)}
<p>Returning to the site…</p><button type="submit" class="primary">Continue to the site</button></form>
<script>document.getElementById('answer').submit()</script>`,
      ),
    );

  const appleAuthorize = async (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    const params = req.method === 'POST' ? await readBody(req) : query;
    if (
      params.get('client_id') !== apple.clientId ||
      !redirectOk(params.get('redirect_uri')) ||
      params.get('response_mode') !== 'form_post'
    )
      return send(res, 400, 'html', htmlPage('Sign in with Apple (test server)', '<p>invalid_request</p>'));
    if (req.method !== 'POST') return send(res, 200, 'html', applePage(params));
    const redirectUri = params.get('redirect_uri')!;
    const state = params.get('state') ?? '';
    if (params.get('cancel')) return formPost(res, redirectUri, { error: 'user_cancelled_authorize', state });
    const email = (params.get('email') ?? '').trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      return send(res, 400, 'html', applePage(params, 'Enter the e-mail of an Apple ID.'));
    // Apple's subjects look like `001234.<hex>.1234`; the same Apple ID always gets the same one.
    const hash = digest(`apple:${email}`);
    const sub = `000${parseInt(hash.slice(0, 5), 16) % 1000}.${hash.slice(5, 37)}.${hash.slice(37, 41)}`;
    const relay = params.get('hide') === '1';
    const code = `c${randomBytes(16).toString('hex')}.0.test`;
    appleCodes.set(code, {
      sub,
      email: relay ? `${hash.slice(0, 10)}@${appleRelayDomain}` : email,
      relay,
      nonce: params.get('nonce') ?? '',
      redirectUri,
      at: Date.now(),
    });
    const fields: Record<string, string> = { code, state };
    // The name and e-mail come as `user` on the first authorization of this app only, as Apple does.
    if (!appleAuthorized.has(sub)) {
      appleAuthorized.add(sub);
      fields.user = JSON.stringify({
        name: { firstName: params.get('first_name') ?? '', lastName: params.get('last_name') ?? '' },
        email: appleCodes.get(code)!.email,
      });
    }
    return formPost(res, redirectUri, fields);
  };

  const appleToken = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await readBody(req);
    if (form.get('client_id') !== apple.clientId) return json(res, 400, { error: 'invalid_client' });
    const secret = form.get('client_secret') ?? '';
    let valid = false;
    try {
      const header = decodeProtectedHeader(secret);
      await jwtVerify(secret, team.publicKey as KeyObject, {
        algorithms: ['ES256'],
        issuer: apple.teamId,
        audience: appleBase,
        subject: apple.clientId,
        requiredClaims: ['iat', 'exp'],
      });
      valid = header.kid === apple.keyId;
    } catch {
      valid = false;
    }
    appleClientSecrets.push({ valid });
    if (!valid) return json(res, 400, { error: 'invalid_client' });
    const code = form.get('code') ?? '';
    const grant = appleCodes.get(code);
    appleCodes.delete(code);
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.redirectUri !== form.get('redirect_uri') ||
      Date.now() - grant.at > 5 * 60_000
    )
      return json(res, 400, { error: 'invalid_grant' });
    const trick = tricks.apple;
    tricks.apple = undefined;
    const now = Math.floor(Date.now() / 1000);
    const iat = trick === 'expired' ? now - 3600 : now;
    const idToken = await new SignJWT({
      nonce: trick === 'wrong-nonce' ? 'someone-elses-nonce' : grant.nonce,
      nonce_supported: true,
      email: grant.email,
      email_verified: 'true',
      ...(grant.relay ? { is_private_email: 'true' } : {}),
      auth_time: iat,
    })
      .setProtectedHeader({ alg: 'RS256', kid: signingKid })
      .setIssuer(appleBase)
      .setAudience(trick === 'wrong-audience' ? 'com.example.other' : apple.clientId)
      .setSubject(grant.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(trick === 'forged' ? impostor.privateKey : signing.privateKey);
    return json(res, 200, {
      access_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: randomBytes(16).toString('hex'),
      id_token: idToken,
    });
  };

  // ---- Facebook ----
  const fbBase = `${url}/facebook/${version}`;
  const facebook: FacebookConfig = {
    provider: 'facebook',
    protocol: 'facebook',
    appId: '1000000000000001',
    appSecret: randomBytes(16).toString('hex'),
    dialogBase: fbBase,
    graphBase: fbBase,
  };
  const fbCodes = new Map<
    string,
    { userId: string; name: string; email: string | null; redirectUri: string }
  >();
  const fbTokens = new Map<
    string,
    { userId: string; name: string; email: string | null; appId: string; valid: boolean }
  >();
  const graphError = (res: ServerResponse, message: string, code = 100) =>
    json(res, 400, {
      error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(6).toString('hex') },
    });

  const fbPage = (params: URLSearchParams, problem?: string) =>
    htmlPage(
      'Log in with Facebook (test server)',
      `<p>A local stand-in for Facebook: any name signs in.</p>
<form method="post" action="/facebook/${version}/dialog/oauth" novalidate>
${hidden(Object.fromEntries(['client_id', 'redirect_uri', 'state', 'response_type', 'scope'].map((k) => [k, params.get(k) ?? ''])))}
<label for="name">Name</label><input type="text" id="name" name="name" autocomplete="name"${problem ? ' aria-invalid="true" aria-describedby="problem"' : ''}>
${problem ? `<p id="problem" class="problem" role="alert">${escape(problem)}</p>` : ''}
<label for="email">E-mail (leave empty to share none)</label><input type="email" id="email" name="email" autocomplete="email">
<div class="actions"><button type="submit" class="primary">Continue</button>
<button type="submit" class="secondary" name="cancel" value="1">Cancel</button></div>
</form>`,
    );

  const fbDialog = async (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    const params = req.method === 'POST' ? await readBody(req) : query;
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== facebook.appId || !redirectOk(redirectUri))
      return send(res, 400, 'html', htmlPage('Log in with Facebook (test server)', '<p>Invalid app.</p>'));
    if (req.method !== 'POST') return send(res, 200, 'html', fbPage(params));
    const back = new URL(redirectUri!);
    const state = params.get('state') ?? '';
    if (params.get('cancel')) {
      back.search = new URLSearchParams({
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        state,
      }).toString();
    } else {
      const name = (params.get('name') ?? '').trim();
      if (!name) return send(res, 400, 'html', fbPage(params, 'Enter a name.'));
      const email = (params.get('email') ?? '').trim() || null;
      // App-scoped ids are digits; the same name always gets the same one.
      const userId = `10${BigInt(`0x${digest(`facebook:${name.toLowerCase()}`).slice(0, 13)}`)}`;
      const code = randomBytes(24).toString('base64url');
      fbCodes.set(code, { userId, name, email, redirectUri: redirectUri! });
      back.search = new URLSearchParams({ code, state }).toString();
    }
    // Facebook appends this fragment to its redirects.
    res.writeHead(302, { location: `${back.href}#_=_`, 'cache-control': 'no-store' });
    res.end();
  };

  const fbGraph = (res: ServerResponse, path: string, query: URLSearchParams) => {
    if (path === '/oauth/access_token') {
      if (query.get('client_id') !== facebook.appId || query.get('client_secret') !== facebook.appSecret)
        return graphError(res, 'Error validating client secret.', 1);
      const code = query.get('code') ?? '';
      const grant = fbCodes.get(code);
      fbCodes.delete(code);
      if (!grant || grant.redirectUri !== query.get('redirect_uri'))
        return graphError(res, 'This authorization code has been used.');
      const trick = tricks.facebook;
      tricks.facebook = undefined;
      const token = `EAA${randomBytes(24).toString('hex')}`;
      fbTokens.set(token, {
        ...grant,
        appId: trick === 'other-app' ? '2000000000000002' : facebook.appId,
        valid: trick !== 'invalid-token',
      });
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (path === '/debug_token') {
      if (query.get('access_token') !== `${facebook.appId}|${facebook.appSecret}`)
        return graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
      const token = fbTokens.get(query.get('input_token') ?? '');
      if (!token || !token.valid)
        return json(res, 200, {
          data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
        });
      return json(res, 200, {
        data: {
          app_id: token.appId,
          type: 'USER',
          application: 'GP test',
          expires_at: Math.floor(Date.now() / 1000) + 5_183_944,
          is_valid: true,
          scopes: token.email ? ['email', 'public_profile'] : ['public_profile'],
          user_id: token.userId,
        },
      });
    }
    if (path === '/me') {
      const raw = query.get('access_token') ?? '';
      const token = fbTokens.get(raw);
      if (!token || !token.valid) return graphError(res, 'Invalid OAuth access token.', 190);
      // Proof by this app's secret; a token of another app is proved with that app's secret.
      const proof = createHmac('sha256', facebook.appSecret).update(raw).digest('hex');
      if (token.appId !== facebook.appId || query.get('appsecret_proof') !== proof)
        return graphError(res, 'Invalid appsecret_proof provided in the API argument');
      const fields = (query.get('fields') ?? 'id,name').split(',');
      return json(res, 200, {
        id: token.userId,
        ...(fields.includes('name') ? { name: token.name } : {}),
        ...(fields.includes('email') && token.email ? { email: token.email } : {}),
      });
    }
    return graphError(res, 'Unknown path components');
  };

  server.on('request', (req, res) => {
    const at = new URL(req.url ?? '/', url);
    const path = at.pathname;
    void (async () => {
      if (path === '/apple/auth/authorize') return appleAuthorize(req, res, at.searchParams);
      if (path === '/apple/auth/token' && req.method === 'POST') return appleToken(req, res);
      if (path === '/apple/auth/keys') return json(res, 200, jwks);
      const fbPrefix = `/facebook/${version}`;
      if (path === `${fbPrefix}/dialog/oauth`) return fbDialog(req, res, at.searchParams);
      if (path.startsWith(fbPrefix) && req.method === 'GET')
        return fbGraph(res, path.slice(fbPrefix.length), at.searchParams);
      return json(res, 404, { error: 'not_found' });
    })().catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'server_error' });
    });
  });

  return {
    url,
    apple,
    facebook,
    appleClientSecrets,
    misbehave: (trick) => Object.assign(tricks, trick),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
