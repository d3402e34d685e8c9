#!/usr/bin/env node
/**
 * Renders the reverse proxy's configuration (deploy/README.md "Proxy") into a folder, after `pnpm build`:
 *
 *   node deploy/nginx/render.mjs <out-dir>
 *
 * - `<out-dir>/nginx.conf` from nginx.conf.template and one app-server.conf.template per app, every `${NAME}`
 *   filled from the environment (below); `$name` without braces is left to nginx.
 * - `<out-dir>/headers/<app>.conf`: the `add_header` lines of each app host, the same headers the API's own app
 *   host sends (apps/api/src/static/app-hosts.ts): the production browser headers of
 *   apps/api/src/http/browser-policy.ts `browserHeaders` and the Content-Security-Policy the app's build wrote to
 *   `apps/<app>/dist/.vite/content-security-policy.txt`. The smoke test compares them with `browserHeaders`, so
 *   the two cannot drift apart unnoticed.
 * - `<out-dir>/mime.types`.
 *
 * Plain JavaScript on purpose: it runs in the image's build stage and on an operator's machine with `node` alone.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoApps = resolve(here, '../../apps');

/** The app hosts: the folder under apps/ and the API variable that names its origin. */
export const apps = [
  { app: 'portal', origin: 'PORTAL_ORIGIN', pages: 'PORTAL_PAGES' },
  { app: 'passport', origin: 'PASSPORT_ORIGIN', pages: 'PASSPORT_PAGES' },
  { app: 'pay', origin: 'PAY_ORIGIN', pages: 'PAY_PAGES' },
  { app: 'cs-admin', origin: 'CS_ADMIN_ORIGIN' },
];

/** browserHeaders({ NODE_ENV: 'production' }) of apps/api/src/http/browser-policy.ts (checked by the smoke test). */
export const browserHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/** Where the app's build writes its policy (packages/ui/src/build/content-security-policy.ts). */
const policyFile = '.vite/content-security-policy.txt';

const defaults = {
  HTTPS_PORT: '443',
  HTTP_PORT: '80',
  API_UPSTREAMS: 'api-1:8090,api-2:8090',
  APPS_DIR: '/srv/apps',
  TLS_CERT: '/etc/nginx/tls/fullchain.pem',
  TLS_KEY: '/etc/nginx/tls/privkey.pem',
  RUN_DIR: '/var/cache/nginx',
  NGINX_USER: 'nginx',
  ACCESS_LOG: '/dev/stdout',
  ACME_ROOT: '/var/www/acme',
  // A CDN in front: the address ranges its edges connect from, and the header they name the player in.
  CDN_RANGES: '',
  CDN_CLIENT_HEADER: '',
  // Where the rendered files are when nginx reads them (the image renders in one place and copies to another).
  NGINX_CONF_DIR: '',
  // The API processes' app hosts that render the player pages' first screens (SERVE_APPS), per app: `host:port`
  // lists. An app without one is served as static files alone (the console always is).
  PORTAL_PAGES: '',
  PASSPORT_PAGES: '',
  PAY_PAGES: '',
  // How long a page may take to render before the static page is sent instead.
  PAGE_RENDER_TIMEOUT: '2s',
};
const required = ['API_ORIGIN', ...apps.map((a) => a.origin)];

/** A value written between double quotes in nginx's configuration, which has no escape for `$`. */
function quoted(value, what) {
  if (/["\\$\r\n]/.test(value)) throw new Error(`${what} holds a character nginx cannot quote: ${value}`);
  return `"${value}"`;
}

/**
 * What a request passed to the API or a renderer says of itself (as on the API host, nginx.conf.template): the
 * API trusts this proxy (TRUSTED_PROXIES), so each header is replaced, never appended to what the client sent.
 */
const forwarded = `      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_set_header X-Request-Id $request_id;`;

/**
 * Sign in with Apple answers with a form POST to the passport return page's address (apps/api/README.md "Social
 * login"): that POST goes on to the API's callback; a GET of the same address is the page, as any route.
 */
const appleFormPost = `    location = /apple_return_url {
      include \${OUT_DIR}/headers/\${APP}.conf;
      add_header Cache-Control "no-cache" always;
      error_page 418 = @apple_form_post;
      if ($request_method = POST) {
        return 418;
      }
      try_files /index.html =404;
    }
    location @apple_form_post {
      rewrite ^ /passport/web/apple/callback break;
      proxy_pass http://api;
${forwarded}
    }`;

/** The page and the few unhashed files, as files: revalidated every time, so a new build shows on the next visit. */
const staticPage = `    # The page and the few unhashed files: revalidated every time, so a new build shows on the next visit.
    # Any other path is a client-side route: the page.
    location / {
      include \${OUT_DIR}/headers/\${APP}.conf;
      add_header Cache-Control "no-cache" always;
      try_files $uri /index.html;
    }`;

/**
 * The page rendered with its first screen by the API processes' app hosts (apps/api/src/static/app-hosts.ts:
 * the reader's language, the page's text before any script). A file that exists (favicon, manifest) is sent as it
 * is. A renderer that refuses, fails or takes longer than PAGE_RENDER_TIMEOUT is skipped for the static page, which
 * the browser renders alone: never an error page. The browser headers come from this proxy's header file for both,
 * so they have one source here (the app host's own are hidden, not sent twice).
 */
const renderedPage = `    location / {
      include \${OUT_DIR}/headers/\${APP}.conf;
      add_header Cache-Control "no-cache" always;
      try_files $uri @page;
    }
    location @page {
      include \${OUT_DIR}/headers/\${APP}.conf;
\${HIDDEN_HEADERS}
      proxy_pass http://pages_\${APP};
${forwarded}
      proxy_connect_timeout 1s;
      proxy_read_timeout \${PAGE_RENDER_TIMEOUT};
      # A process that refuses goes to the other one; a slow one is not waited for twice.
      proxy_next_upstream error http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_intercept_errors on;
      error_page 500 502 503 504 = @static_page;
    }
    location @static_page {
      include \${OUT_DIR}/headers/\${APP}.conf;
      add_header Cache-Control "no-cache" always;
      try_files /index.html =404;
    }`;

/**
 * Uploaded pictures on the app's own host as well as the API's (PUBLIC_UPLOAD_URL names one of them, in compose
 * the portal's): a phone on a slow network then fetches a page's first picture on the connection that brought the
 * page, not on a second one it must open first (DNS, TCP and TLS: three round trips before the first byte). The
 * API's answer passes as it is: its own browser headers and the picture's sandboxing policy, not the page's (the
 * one add_header here stops the server's being inherited; the API's copy of it is hidden, so it is sent once).
 */
const uploads = `    location /upload/ {
      proxy_hide_header X-Content-Type-Options;
      add_header X-Content-Type-Options "nosniff" always;
      proxy_pass http://api;
${forwarded}
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 5s;
      proxy_read_timeout 60s;
    }`;

/** The upstream of an app's renderers. */
function pageUpstream(app, servers) {
  return [
    `  # ${app}: the API processes' app hosts that render its pages.`,
    `  upstream pages_${app} {`,
    `    zone pages_${app} 64k;`,
    ...servers.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`),
    '  }',
  ].join('\n');
}

/** `host:port` items of a comma list. */
function serverList(value, what) {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of list)
    if (!/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(item))
      throw new Error(`${what} holds something that is not host:port: ${item}`);
  return list;
}

function fill(template, values) {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`template variable ${name} has no value`);
    return values[name];
  });
}

function hostOf(variable, value) {
  if (!URL.canParse(value) || new URL(value).protocol !== 'https:')
    throw new Error(`${variable} must be an https:// origin (got ${value})`);
  return new URL(value).hostname;
}

/** The app host's own browser headers, hidden in a rendered page's answer: the header file adds the same ones. */
const hiddenHeaders = [...Object.keys(browserHeaders), 'Content-Security-Policy']
  .map((name) => `      proxy_hide_header ${name};`)
  .join('\n');

/** The header lines of one app host. */
export function headerLines(app, appsRoot = repoApps) {
  const policy = readFileSync(join(appsRoot, app, 'dist', policyFile), 'utf8').trim();
  const headers = { ...browserHeaders, 'Content-Security-Policy': policy };
  return Object.entries(headers)
    .map(([name, value]) => `add_header ${name} ${quoted(value, name)} always;\n`)
    .join('');
}

/**
 * Behind a CDN every connection comes from one of its edges: nginx takes the player's address from the CDN's
 * header, but only on a connection from the CDN's ranges (anyone else's header is ignored), so `$remote_addr`,
 * the access log and the `X-Forwarded-For` the API trusts all name the player.
 */
function realIp(ranges, header) {
  const list = ranges
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (list.length === 0 && !header)
    return '  # No CDN in front (CDN_RANGES): the client is the address that connects.';
  if (list.length === 0 || !header)
    throw new Error('CDN_RANGES and CDN_CLIENT_HEADER go together (deploy/README.md "Behind a CDN")');
  if (!/^[A-Za-z0-9-]+$/.test(header)) throw new Error(`CDN_CLIENT_HEADER is not a header name: ${header}`);
  for (const range of list)
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(range))
      throw new Error(`CDN_RANGES holds something that is not an address or CIDR: ${range}`);
  return [
    '  # The CDN in front (CDN_RANGES, CDN_CLIENT_HEADER): the player is the address in its header.',
    ...list.map((range) => `  set_real_ip_from ${range};`),
    `  real_ip_header ${header};`,
    // X-Forwarded-For may hold several hops: the last one not from the CDN is the player.
    '  real_ip_recursive on;',
  ].join('\n');
}

/** Writes the configuration for `env` into `outDir`; answers the path of nginx.conf. */
export function render(outDir, env = process.env, appsRoot = repoApps) {
  const missing = required.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`render.mjs needs ${missing.join(', ')} (deploy/README.md)`);
  const v = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, env[k] ?? d]));
  const out = resolve(outDir);
  mkdirSync(join(out, 'headers'), { recursive: true });
  const upstreams = v.API_UPSTREAMS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (upstreams.length === 0) throw new Error('API_UPSTREAMS names no API process');
  const common = {
    HTTPS_PORT: v.HTTPS_PORT,
    APPS_DIR: v.APPS_DIR,
    OUT_DIR: v.NGINX_CONF_DIR || out,
  };
  const appTemplate = readFileSync(join(here, 'app-server.conf.template'), 'utf8');
  if (!/^\d{1,3}(ms|s)$/.test(v.PAGE_RENDER_TIMEOUT))
    throw new Error(`PAGE_RENDER_TIMEOUT is not a time such as 2s or 800ms: ${v.PAGE_RENDER_TIMEOUT}`);
  const appServers = apps.map(({ app, origin, pages }) => {
    writeFileSync(join(out, 'headers', `${app}.conf`), headerLines(app, appsRoot));
    const renderers = pages ? serverList(v[pages], pages) : [];
    const values = { APP: app, OUT_DIR: common.OUT_DIR };
    return fill(appTemplate, {
      ...common,
      APP: app,
      HOST: hostOf(origin, env[origin]),
      APP_LOCATIONS: [uploads, ...(app === 'passport' ? [fill(appleFormPost, values)] : [])].join('\n'),
      PAGE_UPSTREAM: renderers.length > 0 ? pageUpstream(app, renderers) : '',
      PAGE_LOCATIONS:
        renderers.length > 0
          ? fill(renderedPage, {
              ...values,
              PAGE_RENDER_TIMEOUT: v.PAGE_RENDER_TIMEOUT,
              HIDDEN_HEADERS: hiddenHeaders,
            })
          : fill(staticPage, values),
    });
  });
  const conf = fill(readFileSync(join(here, 'nginx.conf.template'), 'utf8'), {
    ...common,
    USER_LINE: v.NGINX_USER
      ? `user ${v.NGINX_USER};`
      : '# no user directive: nginx runs as whoever starts it',
    RUN_DIR: v.RUN_DIR,
    ACCESS_LOG: v.ACCESS_LOG,
    REAL_IP: realIp(v.CDN_RANGES, v.CDN_CLIENT_HEADER),
    ACME_ROOT: v.ACME_ROOT,
    HTTP_PORT: v.HTTP_PORT,
    TLS_CERT: v.TLS_CERT,
    TLS_KEY: v.TLS_KEY,
    API_HOST: hostOf('API_ORIGIN', env.API_ORIGIN),
    UPSTREAM_SERVERS: upstreams.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`).join('\n'),
    APP_SERVERS: appServers.join('\n'),
  });
  writeFileSync(join(out, 'nginx.conf'), conf);
  writeFileSync(join(out, 'mime.types'), mimeTypes);
  return join(out, 'nginx.conf');
}

const mimeTypes = `types {
  text/html html;
  text/css css;
  text/plain txt;
  application/javascript js mjs;
  application/json json map;
  application/manifest+json webmanifest;
  image/svg+xml svg;
  image/png png;
  image/jpeg jpg jpeg;
  image/gif gif;
  image/webp webp;
  image/x-icon ico;
  font/woff woff;
  font/woff2 woff2;
  application/wasm wasm;
}
`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write('usage: node deploy/nginx/render.mjs <out-dir>\n');
    process.exit(2);
  }
  try {
    process.stdout.write(`${render(outDir)}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
