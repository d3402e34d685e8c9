/**
 * The front end's import boundaries are lint rules of the root eslint.config.js: each case lints a snippet as if
 * it were the named file and expects exactly that rule to speak (or nothing, for what is allowed).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

const feature = 'front/feature-imports';
const restricted = 'no-restricted-imports';

describe('features import no other feature and nothing from src/app or src/routes', () => {
  it.each([
    ['apps/cs-admin/src/features/tickets/components/x.tsx', "import { x } from '../../content/api/y.ts';"],
    ['apps/cs-admin/src/features/tickets/x.ts', "import { x } from '../faq/y.ts';"],
    ['apps/cs-admin/src/features/tickets/a/b/x.ts', "import { x } from '../../../../features/faq/y.ts';"],
    ['apps/cs-admin/src/features/tickets/api/x.ts', "export { x } from '../../faq/y.ts';"],
    ['apps/cs-admin/src/features/tickets/api/x.ts', "const { x } = await import('../../faq/y.ts');"],
    ['apps/cs-admin/src/features/pay-ops/components/x.tsx', "import { x } from '../../../app/locale.ts';"],
    [
      'apps/cs-admin/src/features/pay-ops/components/x.tsx',
      "import { x } from '../../../routes/tickets.tsx';",
    ],
    ['apps/portal/src/features/service/components/x.tsx', "import { x } from '../../articles/api/y.ts';"],
    ['apps/portal/src/features/service/components/x.tsx', "import { x } from '../../../app/router.tsx';"],
    ['apps/passport/src/features/auth/components/x.tsx', "import { x } from '../../../app/router.tsx';"],
    ['apps/pay/src/features/topup/model/x.ts', "import { x } from '../../other/y.ts';"],
    ['apps/pay/src/features/topup/components/x.tsx', "import type { x } from '../../../app/router.tsx';"],
  ])('%s: %s', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([feature]);
  });

  it.each([
    // The feature's own files, however deep.
    ['apps/cs-admin/src/features/tickets/components/x.tsx', "import { x } from '../api/tickets.calls.ts';"],
    ['apps/cs-admin/src/features/tickets/a/b/x.ts', "import { x } from '../../model/y.ts';"],
    ['apps/cs-admin/src/features/tickets/a/b/x.ts', "import { x } from '../../../tickets/model/y.ts';"],
    // Shared code of the app and packages.
    [
      'apps/cs-admin/src/features/tickets/components/x.tsx',
      "import { x } from '../../../lib/staff-session.ts';",
    ],
    [
      'apps/portal/src/features/service/components/x.tsx',
      "import { x } from '../../../components/pager.tsx';",
    ],
    ['apps/pay/src/features/topup/api/x.ts', "import { x } from '../../../config/env.ts';"],
    ['apps/pay/src/features/topup/components/x.tsx', "import { x } from '@gp/i18n/format';"],
    // Routes and the app compose features, through each feature's public file: that direction is the point.
    ['apps/cs-admin/src/routes/x.tsx', "import { x } from '../features/tickets/index.ts';"],
    ['apps/cs-admin/src/app/x.tsx', "import { x } from '../features/content/index.ts';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });
});

describe('packages never import apps', () => {
  it.each([
    ['packages/ui/src/x.ts', "import { x } from '@gp/portal';"],
    ['packages/ui/src/x.ts', "import { x } from '@gp/cs-admin/src/lib/money.tsx';"],
    ['packages/i18n/src/x.ts', "import { x } from '../../../apps/pay/src/config/env.ts';"],
    ['packages/contracts/src/x.ts', "export { x } from '../../../apps/api/src/app.ts';"],
    // The rule that was there before stays: no antd in packages.
    ['packages/ui/src/x.ts', "import { x } from 'antd';"],
  ])('%s: %s', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([restricted]);
  });

  it.each([
    ['packages/ui/src/x.ts', "import { x } from '@gp/i18n/format';"],
    ['packages/ui/src/x.ts', "import { x } from './apps-menu.ts';"],
    ['packages/config/src/x.ts', "import { x } from '../../i18n/src/languages.ts';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });

  it('keeps antd out of the player apps too', async () => {
    expect(await ruleIds('apps/pay/src/routes/x.tsx', "import { x } from 'antd';")).toEqual([restricted]);
  });
});
