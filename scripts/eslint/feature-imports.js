// ESLint rule `front/feature-imports` (DESIGN section 7): a file under `apps/<app>/src/features/<f>/` imports
// nothing from another feature and nothing from the layers that compose features (`src/app/`, `src/routes/`).
// The apps import by relative path, and `../../content/x` leaves the feature from `features/f/api/` but not from
// `features/f/api/calls/`: only the resolved path tells, which `no-restricted-imports` patterns cannot see.
import path from 'node:path';

const featureFile = /^(.*\/apps\/[^/]+\/src)\/features\/([^/]+)\//;
const composing = new Set(['app', 'routes']);

/** @type {import('eslint').Rule.RuleModule} */
export const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import no other feature and nothing from src/app or src/routes' },
    schema: [],
    messages: {
      otherFeature:
        "Feature '{{feature}}' imports feature '{{other}}': features do not import each other; move the shared piece to src/lib, src/components or a package.",
      composing:
        "Feature '{{feature}}' imports from src/{{folder}}, which composes the features: move what it needs to src/lib or src/config, or pass it in from the route.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const match = featureFile.exec(file);
    if (!match) return {};
    const [, src, feature] = match;

    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.relative(src, path.posix.resolve(path.posix.dirname(file), source));
      if (target.startsWith('..')) return;
      const [folder, name] = target.split('/');
      if (folder === 'features' && name && name !== feature) {
        context.report({ node, messageId: 'otherFeature', data: { feature, other: name } });
      } else if (composing.has(folder)) {
        context.report({ node, messageId: 'composing', data: { feature, folder } });
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
