import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measurePage } from './src/bytes.ts';
import { landingPages } from './src/pages.ts';
for (const p of landingPages) {
  const m = measurePage(p);
  if (!m.key.includes('login')) continue;
  console.log(m.key, m.js.gzip);
  for (const f of m.files.js) console.log('  ', f, gzipSync(readFileSync(join('/work/main/apps/passport/dist', f)), { level: 9 }).length);
}
