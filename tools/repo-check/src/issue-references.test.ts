import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './calls-doc.ts';
import { issueReferences } from './issue-references.ts';

// Built at run time: a literal reference here would be one of the lines the check refuses.
const issue = (n: string) => ['issue', n].join(' ');

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'issue-references-'));
  trees.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('issueReferences', () => {
  it('finds an issue number in comments and strings of any source file, whatever its case', () => {
    const root = tree({
      'apps/api/src/a.ts': `export const a = 1;\n// A refund reverses the credit (${issue('12')} item 3).\n`,
      'packages/ui/src/b.tsx': `it('${issue('7').toUpperCase()}: shows the order', () => {});\n`,
      'deploy/nginx/nginx.conf.template': `# TLS for every host (${issue('17')})\n`,
      'scripts/with-postgres.sh': `echo "${issue('18').replace('issue', 'Issues')} and 19"\n`,
      'bench/budgets.json': `{ "$comment": "Budgets of ${issue('#10')}" }\n`,
    });
    expect(issueReferences(root).map(({ file, line }) => `${file}:${line}`)).toEqual([
      'apps/api/src/a.ts:2',
      'bench/budgets.json:1',
      'deploy/nginx/nginx.conf.template:1',
      'packages/ui/src/b.tsx:1',
      'scripts/with-postgres.sh:1',
    ]);
  });

  it('leaves markdown, shipped migrations, node_modules, dist, binary files and words that are no reference alone', () => {
    const root = tree({
      'apps/api/README.md': `Since ${issue('17')}, at once.\n`,
      'apps/api/drizzle/0029_scale_search.sql': `-- Keyword search structure (${issue('21')})\n`,
      'CALLS.md': `${issue('3')}\n`,
      'apps/api/node_modules/x/index.js': `// ${issue('4')}\n`,
      'apps/portal/dist/a.js': `// ${issue('5')}\n`,
      'apps/portal/public/logo.png': Buffer.from([0x89, 0x50, 0x00, ...Buffer.from(issue('6'))]),
      'apps/portal/src/c.ts': `// An issued code is spent once; t${issue('4')} is no reference; the issue is 4 days old.\n`,
    });
    expect(issueReferences(root)).toEqual([]);
  });
});

describe('the repository', () => {
  it('names no issue by number in a source file', () => {
    const found = issueReferences(repoRoot).map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(found, `issue numbers in source files:\n${found.join('\n')}`).toEqual([]);
  }, 60_000);
});
