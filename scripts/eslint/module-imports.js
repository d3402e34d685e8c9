// ESLint rule `api/module-imports` (apps/api/README.md "Layers"): the API's modules, kernel and stand-ins, told
// apart by where an import resolves to (a module has sub-folders, so `../orders/x.ts` may stay inside its module
// or leave it: only the resolved path tells, which `no-restricted-imports` patterns cannot see).
//  - A module (src/modules/<m>/) is used from outside only through its public file `index.ts`; tests and the test
//    helpers may also use its `testing.ts`.
//  - The kernel (src/http, src/db, src/config, src/jobs, src/lifecycle, src/observability) imports no module: what
//    it needs of one is handed to it by app.ts and the composition (src/composition/).
//  - The development stand-ins (src/dev/) are imported only by src/dev/ itself and by tests: production code gets
//    them through buildApp's `dev`, so the production bundle never holds them.
import path from 'node:path';

const apiFile = /^(.*\/apps\/api)\/(.*)$/;
const kernel = new Set(['http', 'db', 'config', 'jobs', 'lifecycle', 'observability']);

/** @param {string} rel path inside apps/api */
function placeOf(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'src') return { area: parts[0] };
  if (parts[1] === 'modules' && parts.length > 3)
    return { area: 'module', module: parts[2], rest: parts.slice(3).join('/') };
  if (parts[1] === 'dev') return { area: 'dev' };
  if (kernel.has(parts[1] ?? '')) return { area: 'kernel', folder: parts[1] };
  return { area: 'src' };
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleImports = {
  meta: {
    type: 'problem',
    docs: { description: "The API's modules, kernel and development stand-ins keep to their places" },
    schema: [],
    messages: {
      internals:
        "Module '{{module}}' is used from outside through its public file only: import from 'modules/{{module}}/index.ts'.",
      kernel:
        "The kernel (src/{{folder}}) imports no module ('{{module}}'): declare what it needs in the kernel and let app.ts or src/composition/ hand it over.",
      standIn:
        'Production code never imports a development stand-in (src/dev/): it reaches buildApp through `dev` from the development entry points and tests only.',
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const match = apiFile.exec(file);
    if (!match) return {};
    const [, root, rel] = match;
    const from = placeOf(rel);
    const isTest = /\.test\.tsx?$/.test(rel) || from.area === 'test';

    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.relative(root, path.posix.resolve(path.posix.dirname(file), source));
      if (target.startsWith('..')) return;
      const to = placeOf(target);
      if (to.area === 'module') {
        if (from.area === 'module' && from.module === to.module) return;
        if (from.area === 'kernel' && !isTest) {
          context.report({ node, messageId: 'kernel', data: { folder: from.folder, module: to.module } });
          return;
        }
        const publicFile =
          to.rest === 'index.ts' || to.rest === 'index' || (isTest && to.rest === 'testing.ts');
        if (!publicFile) context.report({ node, messageId: 'internals', data: { module: to.module } });
      } else if (to.area === 'dev' && from.area !== 'dev' && !isTest) {
        context.report({ node, messageId: 'standIn' });
      }
    };
    const fromSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
    };
  },
};
