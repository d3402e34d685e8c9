/**
 * Folders the API finds at run time (migrations, the built apps, the local data directory), taken from the
 * @gp/api package folder: the nearest folder above this module that holds a package.json. That is the same
 * folder whether this code runs as TypeScript from `src/config/` (pnpm start, tests) or bundled into
 * `dist/server.js` (pnpm build), so neither needs to know how deep the other sits.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRootOf(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
  return dir;
}

/** apps/api */
export const apiRoot = packageRootOf(import.meta.url);
/** apps/ (the built apps are `<appsRoot>/<name>/dist`) */
export const appsRoot = resolve(apiRoot, '..');
/** The repository root: relative DATA_DIRs start here, so `pnpm start` and `pnpm dev` share one database. */
export const repoRoot = resolve(apiRoot, '../..');
/** The committed migrations. */
export const migrationsFolder = join(apiRoot, 'drizzle');
