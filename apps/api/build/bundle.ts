/**
 * `pnpm build` of the API (DESIGN section 3 "compiled JavaScript run by node"): each entry point is bundled
 * by esbuild into one plain JavaScript file in `dist/` (`dist/server.js`, `dist/worker.js`), so production
 * runs `node dist/server.js` with no TypeScript compiler and no tsx.
 *
 * - The workspace packages (`@gp/*`) are inlined: they export TypeScript sources, which plain Node cannot load.
 * - npm packages stay external and are loaded from `node_modules` at run time, so production needs only
 *   `pnpm install --prod`. Every one the bundle imports must therefore be a dependency of @gp/api (not of a
 *   workspace package, which pnpm would not link here): the build fails naming any that is not.
 * - The development stand-ins (src/dev/) are not in it: only the development entry points import them, and the
 *   build fails naming any file of src/dev/ that a production entry point reaches.
 * - Files the server reads at run time (the migrations in `drizzle/`, the built apps) are found from the package
 *   folder (`src/config/paths.ts`), the same from `src/` and from `dist/`.
 *
 * Run: `pnpm --filter @gp/api build` (or `pnpm build`); `node --import tsx build/bundle.ts <outdir>` writes
 * elsewhere (the bundle test).
 */
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/** Output file name (without `.js`) -> source. */
export const entryPoints = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  admin: 'src/admin.ts',
};

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The files of src/dev/ among a bundle's inputs (paths relative to apps/api, as esbuild's metafile has them). */
export function developmentFilesIn(inputs: Record<string, unknown>): string[] {
  return Object.keys(inputs)
    .filter((path) => /(^|\/)src\/dev\//.test(path.replaceAll('\\', '/')))
    .sort();
}

/** Bundles every entry point into `outdir`; answers the npm packages the bundle loads at run time. */
export async function bundleApi(
  outdir: string,
  entries: Record<string, string> = entryPoints,
): Promise<string[]> {
  const pkg = JSON.parse(readFileSync(join(apiRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
  const external = new Set<string>();
  const npmExternal: Plugin = {
    name: 'npm-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const name = packageNameOf(args.path);
        if (name.startsWith('@gp/')) return undefined; // inlined
        external.add(name);
        return { path: args.path, external: true };
      });
    },
  };
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    metafile: true,
    absWorkingDir: apiRoot,
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [npmExternal],
  });
  const standIns = developmentFilesIn(metafile.inputs);
  if (standIns.length > 0) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(
      `the production bundle reaches the development stand-ins, which it must never hold: ${standIns.join(', ')} ` +
        '(only src/dev/ entry points and tests may import src/dev/; production gets its parts through buildApp)',
    );
  }
  const missing = [...external].filter((name) => !runtime.has(name)).sort();
  if (missing.length > 0) {
    throw new Error(
      `the API bundle loads ${missing.join(', ')} at run time, which @gp/api does not list in its dependencies ` +
        '(pnpm install --prod would not install them): add them to apps/api/package.json',
    );
  }
  return [...external].sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = resolve(apiRoot, process.argv[2] ?? 'dist');
  const loaded = await bundleApi(outdir);
  process.stdout.write(`API bundled into ${outdir} (loads ${loaded.length} npm packages at run time)\n`);
}
