/**
 * The files of the workspace the checks read: a walk of the given folders that leaves out what is installed or
 * built (node_modules, dist, coverage, test reports) and what lives in dot-folders (.data*, .turbo, .vite), so a
 * check sees the code people write and the same files in a fresh clone as in a used one.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const skippedDirs = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/** Every file under `dirs` (absolute or relative to `root`), sorted; folders that do not exist give nothing. */
export function walkFiles(
  root: string,
  dirs: string[],
  keep: (path: string) => boolean = () => true,
): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (!skippedDirs.has(entry) && !entry.startsWith('.')) walk(path);
      } else if (keep(path)) out.push(path);
    }
  };
  for (const dir of dirs) {
    const abs = join(root, dir);
    if (existsSync(abs) && statSync(abs).isDirectory()) walk(abs);
  }
  return [...new Set(out)].sort();
}

/** The folders directly inside `root/parent` (`apps/api`, `apps/portal`, ...), relative to root. */
export function subfolders(root: string, parent: string): string[] {
  const dir = join(root, parent);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((e) => !e.startsWith('.') && statSync(join(dir, e)).isDirectory())
    .sort()
    .map((e) => `${parent}/${e}`);
}

/** A path relative to the root with forward slashes, as the reports print it. */
export const relativeTo = (root: string, path: string) => relative(root, path).split('\\').join('/');
