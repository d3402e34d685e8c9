import { describe, expect, it } from 'vitest';
import { repoRoot } from './calls-doc.ts';
import { missingFromReadme, readmeLists } from './readme-lists.ts';

describe('READMEs name what their folders hold', () => {
  for (const list of readmeLists(repoRoot)) {
    it(`${list.readme}: ${list.what}`, () => {
      expect(list.names.length).toBeGreaterThan(0);
      expect(missingFromReadme(repoRoot, list)).toEqual([]);
    });
  }
});

describe('missingFromReadme', () => {
  it('reports a folder the README does not name', () => {
    const list = { readme: 'README.md', what: 'x', names: ['apps/api', 'apps/nowhere-such-app'] };
    expect(missingFromReadme(repoRoot, { ...list, mentions: (n: string) => new RegExp(n) })).toEqual([
      'apps/nowhere-such-app',
    ]);
  });
});
