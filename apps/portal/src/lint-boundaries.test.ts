// @vitest-environment node
/**
 * The player apps' screens (src/routes, src/app) use a feature only through its public file
 * `features/<f>/index.ts`: the lint rule `front/feature-imports` of the root eslint.config.js
 * (scripts/eslint/feature-imports.js). Each case lints a snippet as if it were the named file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('routes and the app use a feature through its index.ts only', () => {
  it.each([
    ['apps/portal/src/routes/home.tsx', "import { x } from '../features/articles/api/articles.calls.ts';"],
    ['apps/portal/src/routes/service/x.tsx', "import { x } from '../../features/service/model/query.ts';"],
    ['apps/passport/src/app/router.tsx', "import { x } from '../features/auth/components/login-form.tsx';"],
    ['apps/pay/src/routes/paygame.tsx', "export { x } from '../features/topup/model/variant.ts';"],
    [
      'apps/pay/src/routes/paygame.test.tsx',
      "const { x } = await import('../features/topup/model/orders.ts');",
    ],
    ['apps/portal/src/routes/x.tsx', "import x from '../features/service/components/form.module.css';"],
    ['apps/passport/src/routes/x.tsx', "import { x } from '../features/auth/index/x.ts';"],
  ])('refuses %s: %s', async (file, code) => {
    const messages = await lint(file, code);
    expect(messages.map((m) => m.rule)).toEqual(['front/feature-imports']);
    expect(messages[0]!.message).toContain("use the feature through its public file 'features/");
  });

  it.each([
    ['apps/portal/src/routes/home.tsx', "import { x } from '../features/articles/index.ts';"],
    ['apps/portal/src/routes/service/x.tsx', "import { x } from '../../features/service/index.ts';"],
    ['apps/passport/src/app/router.tsx', "import { x } from '../features/auth';"],
    ['apps/passport/src/app/router.tsx', "import { x } from '../features/auth/index';"],
    ['apps/pay/src/routes/paygame.test.tsx', "const { x } = await import('../features/topup/index.ts');"],
    // What is not a feature stays free.
    ['apps/portal/src/routes/home.tsx', "import { x } from '../components/pager.tsx';"],
    ['apps/pay/src/app/router.tsx', "import { x } from '../lib/api-client.ts';"],
    // A feature's own files still reach each other directly.
    ['apps/portal/src/features/service/components/x.tsx', "import { x } from '../model/query.ts';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it('still refuses one feature importing another, even through its index.ts', async () => {
    expect(
      await lint(
        'apps/portal/src/features/home/components/x.tsx',
        "import { x } from '../../articles/index.ts';",
      ),
    ).toEqual([expect.objectContaining({ rule: 'front/feature-imports' })]);
  });
});
