/**
 * deploy/README.md has every production variable in one table: each setting env.ts reads is named in its
 * "Variables" table, as itself or by a wildcard row (`PAY_SANDBOX_*`, `*_PORT`), so a new setting cannot ship
 * without an operator being told about it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { settingNames } from './env.ts';
import { repoRoot } from './paths.ts';

/** The backticked names in the first column of the Variables table. */
function documentedNames(): RegExp[] {
  const readme = readFileSync(join(repoRoot, 'deploy/README.md'), 'utf8');
  const section = readme.split(/^## Variables$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1]!));
  return names.map((name) => new RegExp(`^${name.replaceAll('*', '[A-Z0-9_]+')}$`));
}

it('deploy/README.md names every setting of env.ts in its Variables table', () => {
  const documented = documentedNames();
  expect(documented.length).toBeGreaterThan(20);
  const missing = settingNames.filter((name) => !documented.some((pattern) => pattern.test(name)));
  expect(missing, 'settings missing from deploy/README.md "Variables"').toEqual([]);
});
