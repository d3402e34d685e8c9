/**
 * Source files state the rule they follow, not the tracker entry it came from. A comment or a test name that
 * points at an issue number tells a reader nothing without the tracker, and goes on pointing there after the
 * code has moved on; the rule written out is checked by the code beside it. Markdown (READMEs, CALLS.md) may
 * still tell the history.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { relativeTo, walkFiles } from './workspace-files.ts';

/** The folders whose files are checked, relative to the root. */
export const checkedFolders = ['apps', 'packages', 'bench', 'e2e', 'deploy', 'tools', 'scripts'];

// The word (or its plural, any case) then a number, `#` allowed: built from parts so that this file passes.
const reference = new RegExp(String.raw`\bissues?\s+#?\d+`, 'i');

/** Files that are not source: documentation (history may be told there) and binary assets. */
const notSource = new Set([
  '.md',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.ico',
  '.woff',
  '.woff2',
  '.pdf',
]);

/**
 * Committed migrations are history too: a database already migrated keeps what it ran, so they are never edited
 * after they ship, comments included.
 */
const migration = /(^|\/)apps\/api\/drizzle\//;

export const isCheckedFile = (path: string) =>
  !notSource.has(extname(path).toLowerCase()) && !migration.test(path.split('\\').join('/'));

export interface IssueReference {
  file: string;
  line: number;
  text: string;
}

/** Every line of the checked files under `folders` that names an issue by number. */
export function issueReferences(root: string, folders: string[] = checkedFolders): IssueReference[] {
  const found: IssueReference[] = [];
  for (const path of walkFiles(root, folders, isCheckedFile)) {
    const content = readFileSync(path);
    if (content.includes(0)) continue; // binary
    content
      .toString('utf8')
      .split('\n')
      .forEach((text, i) => {
        if (reference.test(text))
          found.push({ file: relativeTo(root, path), line: i + 1, text: text.trim() });
      });
  }
  return found;
}
