// ESLint rule `front/feature-imports` (DESIGN section 7), for the front-end apps' `apps/<app>/src/`:
// - a file under `features/<f>/` imports nothing from another feature and nothing from the layers that
//   compose features (`app/`, `routes/`);
// - a file under `app/` or `routes/` uses a feature through its public file only, `features/<f>/index.ts`
//   (also written `features/<f>` or `features/<f>/index`), never a file inside the feature.
// The apps import by relative path, and `../../content/x` leaves the feature from `features/f/api/` but not
// from `features/f/api/calls/`: only the resolved path tells, which `no-restricted-imports` patterns cannot
// see.
import path from 'node:path';

const appFile = /^(.*\/apps\/[^/]+\/src)\/(features|app|routes)\/(?:([^/]+)\/)?/;
const composing = new Set(['app', 'routes']);
const publicFile = new Set([undefined, 'index.ts', 'index']);

/** @type {import('eslint').Rule.RuleModule} */
export const featureImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Features import no other feature and nothing from src/app or src/routes; those use a feature only through its index.ts',
    },
    schema: [],
    messages: {
      otherFeature:
        "Feature '{{feature}}' imports feature '{{other}}': features do not import each other; move the shared piece to src/lib, src/components or a package.",
      composing:
        "Feature '{{feature}}' imports from src/{{folder}}, which composes the features: move what it needs to src/lib or src/config, or pass it in from the route.",
      insideFeature:
        "src/{{folder}} imports '{{target}}', a file inside feature '{{other}}': use the feature through its public file 'features/{{other}}/index.ts' (export what is needed there).",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const match = appFile.exec(file);
    if (!match) return {};
    const [, src, layer, feature] = match;
    if (layer === 'features' && !feature) return {};

    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.relative(src, path.posix.resolve(path.posix.dirname(file), source));
      if (target.startsWith('..')) return;
      const [folder, name, ...inside] = target.split('/');
      if (layer !== 'features') {
        if (folder === 'features' && name && !publicFile.has(inside.join('/') || undefined)) {
          context.report({ node, messageId: 'insideFeature', data: { folder: layer, target, other: name } });
        }
      } else if (folder === 'features' && name && name !== feature) {
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
