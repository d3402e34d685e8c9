/**
 * "Demo ID": a real OpenID Connect provider (`oidc-provider`) on a loopback port, standing in for Apple, Google
 * and Facebook locally and in tests (DESIGN section 6). Its sign-in page takes any name and signs that name in,
 * so it must never run in production: env.ts refuses DEMO_ID there and server.ts only starts it on loopback.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { languageCodes } from '@gp/contracts';
import type { LanguageCode } from '@gp/config';
import { messageText } from '@gp/i18n/server';
import { isLoopback } from '../../http/development-only.ts';
import type { OidcProviderConfig } from '../../modules/accounts/index.ts';

export interface DemoIdOptions {
  host: string;
  port: number;
  /** Where the provider may send players back: the passport host's return route. */
  redirectUris: string[];
  log: { warn: (obj: object, msg: string) => void };
}

export interface DemoIdServer {
  provider: OidcProviderConfig;
  close: () => Promise<void>;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's language: the first of the client's `ui_locales` the site speaks (ja is not enabled), else en. */
function pageLanguage(uiLocales: unknown): LanguageCode {
  const wanted = typeof uiLocales === 'string' ? uiLocales.split(' ') : [];
  const found = wanted.find((l): l is LanguageCode => (languageCodes as readonly string[]).includes(l));
  return found && found !== 'ja' ? found : 'en';
}

/** The same name always gives the same subject, so a tester comes back to the same account. */
export const demoSubject = (name: string) =>
  createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 24);

function page(lang: LanguageCode, uid: string, problem?: string) {
  const t = (key: Parameters<typeof messageText>[1]) => escape(messageText(lang, key));
  return `<!doctype html>
<html lang="${lang === 'cn' ? 'zh-Hans' : lang === 'zh' ? 'zh-Hant' : lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('demoId.title')}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#eef1f6;color:#1b1f29}
main{max-width:24rem;margin:10vh auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin:1rem 0 .4rem}
input{width:100%;box-sizing:border-box;padding:.7rem;font-size:1rem;border:1px solid #6b7280;border-radius:8px}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{flex:1;padding:.75rem;font-size:1rem;border-radius:8px;cursor:pointer}
.primary{background:#1d4ed8;color:#fff;border:0}.secondary{background:#fff;color:#1b1f29;border:1px solid #6b7280}
.problem{color:#b91c1c}
</style></head>
<body><main>
<h1>${t('demoId.title')}</h1>
<p>${t('demoId.intro')}</p>
<form method="post" action="/interaction/${escape(uid)}" novalidate>
<label for="name">${t('demoId.name')}</label>
<input id="name" name="name" autocomplete="username" maxlength="40" required autofocus${problem ? ' aria-invalid="true" aria-describedby="problem"' : ''}>
${problem ? `<p id="problem" class="problem" role="alert">${escape(problem)}</p>` : ''}
<div class="actions">
<button type="submit" class="primary">${t('demoId.continue')}</button>
<button type="submit" class="secondary" name="cancel" value="1" formnovalidate>${t('demoId.cancel')}</button>
</div>
</form>
</main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 4096) break;
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export async function startDemoIdServer(options: DemoIdOptions): Promise<DemoIdServer> {
  // A development tool that signs anyone in as anyone: this machine only.
  if (!isLoopback(options.host)) throw new Error(`Demo ID listens on loopback only, not ${options.host}`);
  // Loaded only when started, so a production process never loads it (oidc-provider warns about Node 20).
  const { default: Provider } = await import('oidc-provider');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const clientId = 'gp-portal';
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const names = new Map<string, string>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'demo-id', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false } },
    // Seconds. A demo needs no long-lived artefacts; setting them also keeps the provider's start-up quiet.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 300,
      IdToken: 300,
    },
    claims: { openid: ['sub'], profile: ['name'] },
    // Real providers put the profile in the ID token; so does this one, so the client reads one place.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, name: names.get(sub) ?? sub }),
    }),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><title>Demo ID</title></head><body><main><h1>Demo ID</h1><p>${escape(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  });
  provider.on('server_error', (_ctx, error) => options.log.warn({ err: error }, 'Demo ID provider error'));
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      let details;
      try {
        details = await provider.interactionDetails(req, res);
      } catch {
        send(res, 400, page('en', match[1]!, messageText('en', 'demoId.expired')));
        return;
      }
      const lang = pageLanguage(details.params.ui_locales);
      if (req.method !== 'POST') {
        send(res, 200, page(lang, details.uid));
        return;
      }
      const form = await formBody(req);
      if (form.get('cancel')) {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The player cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const name = (form.get('name') ?? '').trim();
      if (name.length < 1 || name.length > 40) {
        send(res, 400, page(lang, details.uid, messageText(lang, 'demoId.nameNeeded')));
        return;
      }
      const accountId = demoSubject(name);
      names.set(accountId, name);
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      options.log.warn({ err: error }, 'Demo ID sign-in page failed');
      if (!res.headersSent) send(res, 500, page('en', match[1]!, messageText('en', 'demoId.expired')));
    });
  });

  return {
    provider: { provider: 'demo', issuer, clientId, clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
