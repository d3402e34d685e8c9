// Writes CALLS.md at the repository root (pnpm calls).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCallsDoc, repoRoot } from './calls-doc.ts';

writeFileSync(join(repoRoot, 'CALLS.md'), await buildCallsDoc());
console.log('CALLS.md written');
