import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './calls-doc.ts';
import {
  buildImportGraph,
  findCycles,
  formatCycle,
  importsOf,
  moduleReachViolations,
  type ImportGraph,
} from './import-cycles.ts';

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A workspace in a temporary folder: file path -> content. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const cyclesOf = (root: string, typeImports?: boolean) =>
  findCycles(buildImportGraph(root, typeImports === undefined ? {} : { typeImports })).map(formatCycle);

describe('importsOf', () => {
  it('reads every form of import with a literal, and no import written inside a string', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from './b';",
      "export { c } from '../c.ts';",
      "export type { D } from './d.ts';",
      "export * from './e';",
      "import './f.css';",
      "const g = await import('./g.ts');",
      "type H = typeof import('./h.ts');",
      'const lintCase = "import { x } from \'./not-an-import.ts\'";',
      '// import { y } from "./nor-this.ts";',
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: '../c.ts', typeOnly: false },
      { specifier: './d.ts', typeOnly: true },
      { specifier: './e', typeOnly: false },
      { specifier: './f.css', typeOnly: false },
      { specifier: './g.ts', typeOnly: false },
      { specifier: './h.ts', typeOnly: true },
    ]);
  });
});

describe('findCycles', () => {
  it('finds a cycle through relative imports written with and without extension and through a folder index', () => {
    const root = tree({
      'apps/x/src/a.ts': "import { b } from './b';\nexport const a = 1;",
      'apps/x/src/b.ts': "export { c as b } from './lib';",
      'apps/x/src/lib/index.ts': "export const c = 1;\nexport const load = () => import('../a.ts');",
      'apps/x/src/d.ts': "import { a } from './a.ts';",
    });
    expect(cyclesOf(root)).toEqual([
      'apps/x/src/a.ts -> apps/x/src/b.ts -> apps/x/src/lib/index.ts -> apps/x/src/a.ts',
    ]);
  });

  it('counts a cycle of type imports unless told not to', () => {
    const root = tree({
      'packages/p/src/order.ts':
        "import type { Line } from './line.ts';\nexport interface Order { lines: Line[] }",
      'packages/p/src/line.ts':
        "import type { Order } from './order.ts';\nexport interface Line { order: Order }",
    });
    expect(cyclesOf(root)).toEqual([
      'packages/p/src/line.ts -> packages/p/src/order.ts -> packages/p/src/line.ts',
    ]);
    expect(cyclesOf(root, false)).toEqual([]);
  });

  it("follows `@gp/<pkg>` and `@gp/<pkg>/<sub>` through the package's exports map", () => {
    const root = tree({
      'packages/one/package.json': JSON.stringify({ name: '@gp/one', exports: { '.': './src/one.ts' } }),
      'packages/one/src/one.ts': "import { two } from '@gp/two/deep';\nexport const one = two;",
      'packages/two/package.json': JSON.stringify({
        name: '@gp/two',
        exports: { '.': './src/two.ts', './deep': './src/deep/two-deep.ts', './locales/*': './locales/*' },
      }),
      'packages/two/src/deep/two-deep.ts': "import { one } from '@gp/one';\nexport const two = one;",
      'packages/two/src/two.ts': "import en from '@gp/two/locales/en.json';\nexport default en;",
      'packages/two/locales/en.json': '{}',
    });
    const graph = buildImportGraph(root);
    expect(graph.unresolved).toEqual([]);
    expect(findCycles(graph).map(formatCycle)).toEqual([
      'packages/one/src/one.ts -> packages/two/src/deep/two-deep.ts -> packages/one/src/one.ts',
    ]);
  });

  it('tells apart two files of the same name in different folders', () => {
    // one/helper -> one/index -> two/index -> two/helper: a cycle only if the two helpers were taken for one file.
    const root = tree({
      'apps/x/src/one/helper.ts': "import { one } from './index.ts';\nexport const h = one;",
      'apps/x/src/one/index.ts': "import { two } from '../two';\nexport const one = two;",
      'apps/x/src/two/index.ts': "import { h } from './helper.ts';\nexport const two = h;",
      'apps/x/src/two/helper.ts': 'export const h = 2;',
    });
    expect(cyclesOf(root)).toEqual([]);
  });

  it('lists each import on a cycle in the shortest cycle through it', () => {
    // a <-> b and a -> c -> b -> a: the import a -> c is on a cycle only through b.
    const root = tree({
      'e2e/a.ts': "import './b.ts';\nimport './c.ts';",
      'e2e/b.ts': "import './a.ts';",
      'e2e/c.ts': "import './b.ts';",
    });
    expect(cyclesOf(root)).toEqual([
      'e2e/a.ts -> e2e/b.ts -> e2e/a.ts',
      'e2e/a.ts -> e2e/c.ts -> e2e/b.ts -> e2e/a.ts',
    ]);
  });

  it('names a workspace import that leads nowhere, and skips node_modules and dist', () => {
    const root = tree({
      'bench/src/a.ts': "import './gone.ts';\nimport '@gp/nothing';\nimport 'vitest';\nimport 'node:fs';",
      'bench/node_modules/x/index.ts': "import './index.ts';",
      'bench/dist/a.js': "import './a.js';",
    });
    const graph = buildImportGraph(root);
    expect(graph.files.map((f) => f.slice(root.length + 1))).toEqual(['bench/src/a.ts']);
    expect(graph.unresolved.map((u) => u.specifier)).toEqual(['./gone.ts', '@gp/nothing']);
  });
});

describe('moduleReachViolations', () => {
  it("lets bench/, e2e/ and deploy/ import an API module's index.ts and testing.ts only", () => {
    const root = tree({
      'apps/api/src/modules/pay/index.ts': 'export const pay = 1;',
      'apps/api/src/modules/pay/testing.ts': 'export const fake = 1;',
      'apps/api/src/modules/pay/sandbox-signature.ts': 'export const sign = 1;',
      'apps/api/src/app.ts': "import './modules/pay/sandbox-signature.ts';",
      'bench/src/order-flow.ts': [
        "import '../../apps/api/src/modules/pay/index.ts';",
        "import '../../apps/api/src/modules/pay/testing.ts';",
        "import '../../apps/api/src/modules/pay/sandbox-signature.ts';",
        "import '../../apps/api/src/app.ts';",
      ].join('\n'),
      'e2e/support/x.ts': "import type { S } from '../../apps/api/src/modules/pay/sandbox-signature.ts';",
    });
    expect(moduleReachViolations(buildImportGraph(root))).toEqual([
      {
        file: 'bench/src/order-flow.ts',
        target: 'apps/api/src/modules/pay/sandbox-signature.ts',
        specifier: '../../apps/api/src/modules/pay/sandbox-signature.ts',
      },
      {
        file: 'e2e/support/x.ts',
        target: 'apps/api/src/modules/pay/sandbox-signature.ts',
        specifier: '../../apps/api/src/modules/pay/sandbox-signature.ts',
      },
    ]);
  });
});

describe('the repository', () => {
  // Parsing every source of the workspace takes seconds on a busy machine; the graph is built once.
  let graph: ImportGraph | undefined;
  const workspace = () => (graph ??= buildImportGraph(repoRoot));
  const slow = 120_000;

  it(
    'resolves every relative and @gp/* import to a file (the graph has no blind spot)',
    () => {
      const blind = workspace().unresolved.map((u) => `${u.file.slice(repoRoot.length + 1)}: ${u.specifier}`);
      expect(blind).toEqual([]);
    },
    slow,
  );

  it(
    'has no import cycle',
    () => {
      const cycles = findCycles(workspace()).map(formatCycle);
      expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
    },
    slow,
  );

  it(
    'reaches API modules from bench/, e2e/ and deploy/ only through their index.ts or testing.ts',
    () => {
      const reach = moduleReachViolations(workspace()).map((v) => `${v.file} -> ${v.target}`);
      expect(reach, `imports of module internals:\n${reach.join('\n')}`).toEqual([]);
    },
    slow,
  );
});
