/**
 * Initial JavaScript and CSS of each app entry and each landing page, from the Vite build output: the entry chunk
 * with its static imports (what index.html loads), plus for a page the lazy chunks its first render needs (its
 * screens and the boot language's locale files, each with their static imports). Sizes are gzip level 9 and
 * brotli quality 11, the settings the built files are precompressed with, so the numbers are deterministic.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apps, benchLanguage, repoRoot, type AppInfo, type LandingPage } from './pages.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ByteMeasure {
  key: string;
  app: string;
  js: Sizes;
  css: Sizes;
  files: { js: string[]; css: string[] };
  /** Packages found in the initial JavaScript through its source maps (react-dom, zod, ...). */
  packages: string[];
}

export function sizesOf(content: Buffer): Sizes {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

export const sumSizes = (list: Sizes[]): Sizes =>
  list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

/** Every file a set of manifest keys loads: each chunk, its CSS and, transitively, its static imports. */
export function filesOf(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js].sort(), css: [...css].sort() };
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

/** The manifest key of a locale file, however deep the app sits below the repository root. */
export function localeKey(manifest: Manifest, lang: string, ns: string): string {
  const suffix = `packages/i18n/locales/${lang}/${ns}.json`;
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`${suffix} is not in the build manifest`);
  return key;
}

export function distOf(app: AppInfo): string {
  return join(repoRoot, app.dir, 'dist');
}

export function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path))
    throw new Error(`${path} is missing: build the app (pnpm build) with build.manifest`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/**
 * The entry files an app's index.html loads: its module script, module preloads and stylesheets. Works for any
 * Vite app, manifest or not (the staff console has none).
 */
export function filesOfIndexHtml(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\s(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if (!src || !src.startsWith('assets/')) continue;
    if (tag.startsWith('<script') && /type="module"/.test(tag)) js.push(src);
    else if (/rel="modulepreload"/.test(tag)) js.push(src);
    else if (/rel="stylesheet"/.test(tag)) css.push(src);
  }
  return { js: js.sort(), css: css.sort() };
}

/** npm packages a file's source map names (`react-dom`, `@scope/name`), for spotting what should not be there. */
export function packagesOf(dist: string, file: string): string[] {
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  const { sources } = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
  const names = new Set<string>();
  for (const source of sources) {
    // pnpm's store path first: `node_modules/.pnpm/react-dom@19.3.1_.../node_modules/react-dom/...`.
    const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}

export function measureFiles(
  dist: string,
  key: string,
  app: string,
  files: { js: string[]; css: string[] },
): ByteMeasure {
  const read = (file: string) => sizesOf(readFileSync(join(dist, file)));
  return {
    key,
    app,
    js: sumSizes(files.js.map(read)),
    css: sumSizes(files.css.map(read)),
    files,
    packages: [...new Set(files.js.flatMap((f) => packagesOf(dist, f)))].sort(),
  };
}

export function measureEntry(app: AppInfo): ByteMeasure {
  const dist = distOf(app);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return measureFiles(dist, `${app.name} entry`, app.name, filesOfIndexHtml(html));
}

/**
 * A build that does not split its CSS (the player builds, `cssCodeSplit: false`) lists its one stylesheet on its
 * own, under `style.css`, linked from no chunk: every page loads it (index.html links it, a rendered page holds it
 * inline).
 */
export const unsplitStylesheetKey = 'style.css';

export function pageFiles(manifest: Manifest, page: LandingPage): { js: string[]; css: string[] } {
  return filesOf(manifest, [
    ...(unsplitStylesheetKey in manifest ? [unsplitStylesheetKey] : []),
    entryKey(manifest),
    ...page.screens,
    ...page.namespaces.map((ns) => localeKey(manifest, benchLanguage, ns)),
  ]);
}

export function measurePage(page: LandingPage): ByteMeasure {
  const app = apps.find((a) => a.name === page.app);
  if (!app) throw new Error(`unknown app ${page.app}`);
  const dist = distOf(app);
  return measureFiles(dist, page.key, page.app, pageFiles(readManifest(dist), page));
}

/** Packages of every JavaScript file an app ships (lazy chunks too), from the source maps. */
export function packagesOfApp(app: AppInfo): string[] {
  const dist = distOf(app);
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  return [...new Set(assets.flatMap((f) => packagesOf(dist, `assets/${f}`)))].sort();
}
