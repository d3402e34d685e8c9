import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildCallsDoc, repoRoot } from './calls-doc.ts';

it('CALLS.md is up to date (run `pnpm calls` after changing a contract, a route or a screen)', async () => {
  const committed = readFileSync(join(repoRoot, 'CALLS.md'), 'utf8');
  const built = await buildCallsDoc();
  expect(committed === built, 'CALLS.md differs from what `pnpm calls` writes').toBe(true);
}, 60_000);

it('lists every call of the contracts with its route', async () => {
  const doc = await buildCallsDoc();
  expect(doc).toMatch(
    /\| GET `\/web\/home\/banner` \| public \| packages\/contracts\/src\/web\.contracts\.ts#homeBanner \| apps\/api\/src\/modules\/content\/content\.routes\.ts:\d+ \| apps\/api\/src\/modules\/content\/content\.service\.ts#banners \|/,
  );
  expect(doc).not.toContain('(not served)');
}, 60_000);
