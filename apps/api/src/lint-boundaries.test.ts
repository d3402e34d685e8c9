/**
 * The API's layers are lint rules (eslint.config.js, apps/api/README.md "Layers"): each rule refuses a snippet
 * that crosses a layer and lets through the same import where it belongs. The snippets are linted as if they were
 * files at the given paths, with the workspace's own config (eslint comes from the workspace root, as for
 * `pnpm lint`).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids and messages of linting `code` as the file `path` (relative to apps/api). */
async function lint(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/api/${path}` });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

async function refused(path: string, code: string, because: string, rule = 'no-restricted-imports') {
  const messages = await lint(path, code);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ rule });
  expect(messages[0]!.message).toContain(because);
}

async function allowed(path: string, code: string) {
  expect(await lint(path, code)).toEqual([]);
}

const drizzle = "import { eq } from 'drizzle-orm';\nexport const same = eq;\n";
const pgCore = "import { pgTable } from 'drizzle-orm/pg-core';\nexport const table = pgTable;\n";
const schema = "import { csFaq } from '../../db/schema/cs.schema.ts';\nexport const table = csFaq;\n";
const knowsDrizzle = 'know Drizzle';
const knowsSchema = 'know the schema';

describe('Drizzle and the schema belong to repositories and src/db/', () => {
  it('refuses them in services, routes and plugins, by any path', async () => {
    await refused('src/modules/faq/faq.service.ts', drizzle, knowsDrizzle);
    await refused('src/modules/tickets/tickets.routes.ts', pgCore, knowsDrizzle);
    await refused('src/modules/faq/faq.service.ts', schema, knowsSchema);
    await refused(
      'src/modules/pay/orders/pay-order.service.ts',
      "import type { LocalizedNames } from '../../../db/schema/pay-order.schema.ts';\nexport type N = LocalizedNames;\n",
      knowsSchema,
    );
    await refused(
      'src/app.ts',
      "import { member } from './db/schema/member.schema.ts';\nexport const table = member;\n",
      knowsSchema,
    );
  });

  it('lets repositories, src/db/ and tests have them', async () => {
    await allowed('src/modules/faq/faq.repository.ts', drizzle);
    await allowed('src/modules/faq/faq.repository.ts', schema);
    await allowed('src/composition/seed/cs.seed.ts', drizzle);
    await allowed('src/modules/cs/faq.routes.test.ts', schema);
    await allowed(
      'test/cs-fixtures.ts',
      "import { csFaq } from '../src/db/schema/cs.schema.ts';\nexport const table = csFaq;\n",
    );
  });
});

describe('services know no HTTP', () => {
  const fastify = "import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n";
  const cookiePlugin = "import cookie from '@fastify/cookie';\nexport const plugin = cookie;\n";

  it('refuses fastify and its plugins in a *.service.ts', async () => {
    await refused('src/modules/staff/staff-login.service.ts', fastify, 'knows no HTTP');
    await refused('src/modules/accounts/account.service.ts', cookiePlugin, 'knows no HTTP');
  });

  it('lets routes and plugins have them', async () => {
    await allowed('src/modules/staff/staff.routes.ts', fastify);
    await allowed('src/modules/staff/staff-auth.ts', fastify);
    await allowed('src/app.ts', cookiePlugin);
  });
});

describe("another module's internals are reached through its index.ts only", () => {
  const publicFile = 'through its public file';
  const byModuleRule = (path: string, code: string, because: string) =>
    refused(path, code, because, 'api/module-imports');

  it('refuses a sibling module’s file from a module, its sub-folders and its tests included', async () => {
    await byModuleRule(
      'src/modules/staff/staff.routes.ts',
      "import { LockoutRepository } from '../sessions/lockout.repository.ts';\nexport const r = LockoutRepository;\n",
      publicFile,
    );
    await byModuleRule(
      'src/modules/pay/orders/order-admin.routes.test.ts',
      "import { WorkOrderService } from '../../tickets/work-order.service.ts';\nexport const w = WorkOrderService;\n",
      publicFile,
    );
    await byModuleRule(
      'src/modules/tickets/desk/desk.service.ts',
      "export { PayOrderRepository } from '../../pay/orders/pay-order.repository.ts';\n",
      publicFile,
    );
  });

  it('refuses a module’s file from app.ts, the composition, the stand-ins and test helpers', async () => {
    await byModuleRule(
      'src/app.ts',
      "import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';\nexport const r = ticketsRoutes;\n",
      publicFile,
    );
    await byModuleRule(
      'src/composition/seed/staff.seed.ts',
      "import { audit } from '../../modules/staff/audit.ts';\nexport const a = audit;\n",
      publicFile,
    );
    await byModuleRule(
      'src/dev/sandbox/sandbox-provider.ts',
      "import { RefundRefused } from '../../modules/pay/providers/payment-provider.ts';\nexport const r = RefundRefused;\n",
      publicFile,
    );
    await byModuleRule(
      'test/staff-session.ts',
      "import { memberAuthenticator } from '../src/modules/accounts/member-auth.ts';\nexport const m = memberAuthenticator;\n",
      publicFile,
    );
  });

  it('lets index.ts through from anywhere, testing.ts to tests, and a module’s own files stay free', async () => {
    await allowed(
      'src/modules/staff/staff.routes.ts',
      "import { createLockoutService } from '../sessions/index.ts';\nexport const c = createLockoutService;\n",
    );
    await allowed(
      'src/app.ts',
      "import { ticketsRoutes } from './modules/tickets/index.ts';\nexport const r = ticketsRoutes;\n",
    );
    await allowed(
      'test/staff-session.ts',
      "import { newToken } from '../src/modules/sessions/index.ts';\nexport const t = newToken;\n",
    );
    await allowed(
      'test/pay-steps.ts',
      "import { paidOrder } from '../src/modules/pay/testing.ts';\nexport const p = paidOrder;\n",
    );
    await allowed(
      'src/modules/pay/catalog/pay-catalog.service.ts',
      "import { nameIn } from '../orders/pay-order.service.ts';\nexport const n = nameIn;\n",
    );
    await allowed(
      'src/modules/staff/staff.routes.ts',
      [
        "import { StaffLoginService } from './staff-login.service.ts';",
        "import { AppError } from '../../http/app-error.ts';",
        "import { inTransaction } from '../../db/database.ts';",
        'export const all = [StaffLoginService, AppError, inTransaction];',
        '',
      ].join('\n'),
    );
  });
});

describe('the kernel knows no module', () => {
  it('refuses a module, even its public file, in src/http, src/db, src/config, src/jobs and src/observability', async () => {
    for (const path of [
      'src/http/register-call.ts',
      'src/db/database.ts',
      'src/config/env.ts',
      'src/jobs/background-jobs.ts',
      'src/observability/metrics.ts',
    ]) {
      await refused(
        path,
        "import type { AuthenticatedMember } from '../modules/accounts/index.ts';\nexport type M = AuthenticatedMember;\n",
        'imports no module',
        'api/module-imports',
      );
    }
  });

  it('lets the kernel use itself, and its tests set up modules', async () => {
    await allowed(
      'src/http/register-call.ts',
      "import type { AuthenticatedMember } from './callers.ts';\nexport type M = AuthenticatedMember;\n",
    );
    await allowed(
      'src/http/register-call.test.ts',
      "import { memberAuthenticator } from '../modules/accounts/index.ts';\nexport const m = memberAuthenticator;\n",
    );
  });
});

describe('the development stand-ins stay out of production code', () => {
  const sandbox = (from: string) =>
    `import { SandboxProvider } from '${from}dev/sandbox/sandbox-provider.ts';\nexport const s = SandboxProvider;\n`;

  it('refuses src/dev/ in modules, app.ts, the composition and the production entry points', async () => {
    for (const [path, up] of [
      ['src/modules/pay/pay-runtime.ts', '../../'],
      ['src/app.ts', './'],
      ['src/composition/start-api.ts', '../'],
      ['src/server.ts', './'],
    ] as const) {
      await refused(path, sandbox(up), 'never imports a development stand-in', 'api/module-imports');
    }
  });

  it('lets src/dev/ itself, tests and test helpers have them', async () => {
    await allowed('src/dev/pay-stand-ins.ts', sandbox('./').replace('./dev/', './'));
    await allowed('src/modules/pay/pay.routes.order.test.ts', sandbox('../../../'));
    await allowed('test/test-app.ts', sandbox('../src/'));
  });
});
