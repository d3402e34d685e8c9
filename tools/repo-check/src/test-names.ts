/**
 * Test files are named after the file they test: `x.ts` is tested by `x.test.ts`, or by `x.<topic>.test.ts`
 * when one file has several suites (`desk.routes.queue.test.ts`). A test named after a topic hides what it
 * covers and outlives the file it was about.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const sources = ['.ts', '.tsx'];

/** The file a test file tests, or undefined when its name matches no sibling. */
export function testedFile(
  testFile: string,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const dir = dirname(testFile);
  const stem = basename(testFile).replace(/\.test\.tsx?$/, '');
  const candidates = [stem];
  const topicAt = stem.lastIndexOf('.');
  if (topicAt > 0) candidates.push(stem.slice(0, topicAt));
  for (const candidate of candidates) {
    for (const ext of sources) {
      const path = join(dir, candidate + ext);
      if (exists(path)) return path;
    }
  }
  return undefined;
}
