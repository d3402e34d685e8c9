/**
 * Build settings every player app shares (DESIGN section 7: small for phones on slow networks):
 * - the environment is checked when the build starts and handed to the code as constants (`__GP_HOSTS__`,
 *   `__GP_SOCIAL_LOGIN__`, `__GP_LANGUAGE_SCOPE__`), so the browser carries neither the checker nor zod;
 * - contracts reach the browser as answer shapes, not zod (`browserContracts`);
 * - every text file is also written gzip- and brotli-compressed beside itself for the static server;
 * - index.html preloads the default language's strings that every first screen waits for (en is loaded in
 *   every language as the fallback), so they arrive with the entry instead of a round trip after it, and opens
 *   the connection to the API host early;
 * - a manifest (for `pnpm bench` and its byte budgets) and source maps;
 * - the app's Content-Security-Policy, with the hash of the inline script above (`content-security-policy.ts`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadEnv, type BuildEnvironmentOptions, type Plugin, type Rollup } from 'vite';
import { site } from '@gp/config';
import { hostsFromAppEnv, socialLoginFromAppEnv } from '@gp/config/app-env';
import { sharedCookieScope } from '@gp/i18n/languages';
import { browserContracts } from '@gp/api-client/vite-plugin';
import { afterPaintLoader } from './after-paint.ts';
import { contentSecurityPolicy, zodWithoutEval } from './content-security-policy.ts';

/** Files the static server may send compressed; smaller ones are not worth a second request-path lookup. */
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
const minBytes = 1024;

/** Writes `x.gz` (gzip 9) and `x.br` (brotli 11) beside each emitted text file, once, at build time. */
export function precompress(): Plugin {
  return {
    name: 'gp:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName) || fileName.startsWith('.vite/')) continue;
        const path = join(dir, fileName);
        const content = readFileSync(path);
        if (content.length < minBytes) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Hints in index.html for what every first screen waits for: `<link rel="modulepreload">` for the chunks of the
 * default language's locale files of these namespaces (common and errors always: createI18n loads them first),
 * and `<link rel="preconnect">` to the first API host, which is another origin, so the connection is open by the
 * time the first call goes out (credentialed, as the calls are).
 */
export function firstLoadHints(namespaces: readonly string[], apiOrigin: string): Plugin {
  const wanted = new Set(['common', 'errors', ...namespaces]);
  const file = new RegExp(`[/\\\\]locales[/\\\\]${site.defaultLanguage}[/\\\\]([\\w-]+)\\.json$`);
  return {
    name: 'gp:first-load-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const found: string[] = [];
        for (const chunk of Object.values(context.bundle ?? {})) {
          if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
          const ns = file.exec(chunk.facadeModuleId)?.[1];
          if (ns && wanted.has(ns)) found.push(chunk.fileName);
        }
        if (found.length !== wanted.size) {
          throw new Error(`firstLoadHints: found ${found.length} of ${wanted.size} locale chunks`);
        }
        return [
          {
            tag: 'link',
            attrs: { rel: 'preconnect', href: apiOrigin, crossorigin: 'use-credentials' },
            injectTo: 'head' as const,
          },
          ...found.sort().map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${href}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** Where `screenPreloads` writes its map of landing paths to files, relative to the build's output folder. */
export const screenPreloadsFile = '.vite/screen-preloads.json';

/**
 * The screen of a landing page starts downloading with the entry instead of after it has run (one round trip less
 * before the page's data calls and first paint on a slow network): a few bytes of inline script in index.html
 * add `modulepreload` (and stylesheet) links for the chunks of the screen the opened path shows, minus what the
 * entry loads anyway. `screens` maps a path (as in the address bar, no trailing slash) to its screen's source
 * module, relative to the app; a path the map does not name loads as before.
 */
export function screenPreloads(root: string, screens: Readonly<Record<string, string>>): Plugin {
  /** The same map for the server: a page it renders links its screen's files from the HTML itself. */
  let byPath: Record<string, string[]> = {};
  return {
    name: 'gp:screen-preloads',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      mkdirSync(join(options.dir, '.vite'), { recursive: true });
      writeFileSync(join(options.dir, screenPreloadsFile), `${JSON.stringify(byPath)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (c): c is Rollup.OutputChunk => c.type === 'chunk',
        );
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rollup.OutputChunk) => {
          const seen = new Set<string>();
          const visit = (c: Rollup.OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            for (const i of c.imports) {
              const next = byFile.get(i);
              if (next) visit(next);
            }
          };
          visit(start);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('screenPreloads: no entry chunk');
        const loaded = closure(entry);
        // Twins (`/` and `/h5`) share a screen: each list of files is written once, the paths point at it.
        const lists: string[][] = [];
        const listOf = new Map<string, number>();
        const paths: Record<string, number> = {};
        for (const [path, source] of Object.entries(screens)) {
          const id = join(root, source);
          const screen = chunks.find((c) => c.facadeModuleId === id);
          if (!screen) throw new Error(`screenPreloads: no chunk for ${source} (${path})`);
          const files = [...closure(screen)].filter((f) => !loaded.has(f));
          const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          const list = [...files, ...css].map((f) => `/${f}`);
          const key = list.join(' ');
          if (!listOf.has(key)) listOf.set(key, lists.push(list) - 1);
          paths[path] = listOf.get(key)!;
        }
        byPath = Object.fromEntries(Object.entries(paths).map(([path, i]) => [path, lists[i]!]));
        if (lists.length === 0) return [];
        const script =
          `(function(p,m){var f=m[p[location.pathname.replace(/\\/+$/,'')||'/']];if(f)f.forEach(function(h){` +
          `var l=document.createElement('link');if(/\\.css$/.test(h))l.rel='stylesheet';` +
          `else{l.rel='modulepreload';l.crossOrigin=''}l.href=h;document.head.appendChild(l)})})(` +
          `${JSON.stringify(paths)},${JSON.stringify(lists)})`;
        // Marked, so the app host can leave it out of the pages it renders, which link their screen files
        // themselves (first-screen.ts in the API).
        return [
          {
            tag: 'script',
            attrs: { 'data-screen-preloads': true },
            children: script,
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/** Puts `afterPaintLoader` at the end of index.html's body (its hash goes into the policy with the others). */
export function scriptsAfterPaint(): Plugin {
  return {
    name: 'gp:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: afterPaintLoader, injectTo: 'body' as const }],
    },
  };
}

/**
 * Preact's compat layer in place of React in the production build: react-dom is 63.6 KB gzip, more than
 * half the budget of a whole landing page, while Preact 11 with its compat layer is about 11 KB and keeps the API
 * our code, react-router and react-i18next use. The source, its types and the Vitest suites stay on React; the
 * built apps, which the Playwright journeys drive, run on Preact. Paths resolve from this package, since pnpm
 * does not let react-router or react-i18next see Preact.
 */
export function preactInBuild(): Plugin {
  const require = createRequire(import.meta.url);
  const preact = dirname(require.resolve('preact/package.json'));
  const to = (file: string) => join(preact, file);
  const toString = join(dirname(require.resolve('preact-render-to-string/package.json')), 'dist/index.mjs');
  return {
    name: 'gp:preact-in-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react$/, replacement: to('compat/dist/compat.mjs') },
          { find: /^react-dom$/, replacement: to('compat/dist/compat.mjs') },
          { find: /^react-dom\/client$/, replacement: to('compat/client.mjs') },
          // The server's first screens (`vite build --ssr`): rendered by Preact too, so the browser adopts them.
          { find: /^react-dom\/server$/, replacement: toString },
          { find: /^react\/jsx-runtime$/, replacement: to('jsx-runtime/dist/jsxRuntime.mjs') },
          { find: /^react\/jsx-dev-runtime$/, replacement: to('jsx-runtime/dist/jsxRuntime.mjs') },
        ],
      },
    }),
  };
}

/** The checked app environment as `define` constants; a wrong variable stops the build, naming it. */
export function appEnvDefines(mode: string, envDir: string): Record<string, string> {
  const env = loadEnv(mode, envDir, 'VITE_');
  const { apps } = hostsFromAppEnv(env);
  const playerHosts = [apps.portal, apps.passport, apps.pay].map((origin) => new URL(origin).hostname);
  return {
    __GP_HOSTS__: JSON.stringify(hostsFromAppEnv(env)),
    __GP_SOCIAL_LOGIN__: JSON.stringify(socialLoginFromAppEnv(env)),
    // Where the player hosts' shared language cookie lives (i18n `startLanguage`), worked out here rather than in
    // every phone's first script.
    __GP_LANGUAGE_SCOPE__: JSON.stringify(sharedCookieScope(playerHosts) ?? null),
  };
}

/** The origins of every API base URL of this build's environment (the hosts the app calls). */
export function apiOriginsOf(mode: string, envDir: string): string[] {
  const bases = Object.values(hostsFromAppEnv(loadEnv(mode, envDir, 'VITE_')).api).flat();
  return [...new Set(bases.map((b) => new URL(b).origin))];
}

/** The origin of the first API base URL of this build's environment. */
export function apiOriginOf(mode: string, envDir: string): string {
  const first = hostsFromAppEnv(loadEnv(mode, envDir, 'VITE_')).api.web?.[0];
  if (!first) throw new Error('no API base URL in the app environment');
  return new URL(first).origin;
}

export interface PlayerVite {
  plugins: Plugin[];
  define: Record<string, string>;
  build: BuildEnvironmentOptions;
}

export function playerVite(options: {
  mode: string;
  envDir: string;
  /** The namespaces the app's bootApp loads (its main.tsx). */
  namespaces: readonly string[];
  /** Landing paths and their screens' source modules, preloaded with the entry (`screenPreloads`). */
  screens?: Readonly<Record<string, string>>;
}): PlayerVite {
  return {
    plugins: [
      preactInBuild(),
      browserContracts(),
      firstLoadHints(options.namespaces, apiOriginOf(options.mode, options.envDir)),
      screenPreloads(options.envDir, options.screens ?? {}),
      scriptsAfterPaint(),
      contentSecurityPolicy({ apiOrigins: apiOriginsOf(options.mode, options.envDir) }),
      zodWithoutEval(),
      precompress(),
    ],
    define: appEnvDefines(options.mode, options.envDir),
    build: {
      target: 'es2022',
      sourcemap: true,
      manifest: true,
      cssCodeSplit: false,
      rolldownOptions: {
        onLog(level, log, handler) {
          // react-router reads React's useOptimistic when it exists and falls back when not, as on Preact.
          if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
          handler(level, log);
        },
      },
    },
  };
}

/**
 * The app's server build: `src/entry-server.tsx` (its `render`, see @gp/ui/render-page) built with
 * `vite build --ssr` into dist/server, on Preact as the browser build, with every package bundled in (the API
 * process that loads it has React, not Preact, in reach), for Node.
 */
export function playerSsrVite(options: { mode: string; envDir: string }): PlayerVite & {
  ssr: { noExternal: true; target: 'node' };
} {
  return {
    plugins: [preactInBuild(), browserContracts(), zodWithoutEval()],
    define: appEnvDefines(options.mode, options.envDir),
    build: {
      target: 'node20',
      outDir: 'dist/server',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        onLog(level, log, handler) {
          if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
          handler(level, log);
        },
      },
    },
    ssr: { noExternal: true, target: 'node' },
  };
}
