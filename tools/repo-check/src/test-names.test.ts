import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './calls-doc.ts';
import { testedFile } from './test-names.ts';

describe('testedFile', () => {
  const files = new Set(['/a/order.service.ts', '/a/desk.routes.ts', '/a/shell.tsx']);
  const exists = (p: string) => files.has(p);

  it('finds the sibling the test is named after', () => {
    expect(testedFile('/a/order.service.test.ts', exists)).toBe('/a/order.service.ts');
    expect(testedFile('/a/shell.test.tsx', exists)).toBe('/a/shell.tsx');
  });

  it('allows one topic after the file name', () => {
    expect(testedFile('/a/desk.routes.queue.test.ts', exists)).toBe('/a/desk.routes.ts');
  });

  it('refuses a test named after a topic', () => {
    expect(testedFile('/a/desk-queue.routes.test.ts', exists)).toBeUndefined();
    expect(testedFile('/a/order.test.ts', exists)).toBeUndefined();
  });
});

/** Tests of something that is not one source file, with what they test instead. */
const notOfAFile: Record<string, string> = {
  'packages/i18n/src/locales.test.ts': 'the JSON files under packages/i18n/locales/',
  'bench/src/byte-budgets.test.ts': 'the built apps against bench/budgets.json',
  'apps/api/src/lint-boundaries.test.ts': "the API's layering rules in eslint.config.js",
  'apps/cs-admin/src/lint-boundaries.test.ts': "the apps' and packages' import rules in eslint.config.js",
  'apps/portal/src/lint-boundaries.test.ts': "the player apps' feature import rules in scripts/eslint/",
  'deploy/test/observability.test.ts': 'the files under deploy/observability/, read by promtool and amtool',
};

describe('the repository', () => {
  it('names every unit test after the file it tests', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', '-co', '--exclude-standard', '*.test.ts', '*.test.tsx'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => f && !f.startsWith('e2e/') && !(f in notOfAFile));
    const stray = tracked.filter((f) => !testedFile(join(repoRoot, f)));
    expect(stray).toEqual([]);
  });
});
