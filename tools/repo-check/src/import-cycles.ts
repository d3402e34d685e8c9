/**
 * The import graph of the workspace's sources, its cycles, and the API module files that bench/, e2e/ and deploy/
 * reach into. A cycle ties its files into one unit: none of them can be loaded, tested or moved without the
 * others, the order they initialise in depends on who is imported first, and a layer that imports its caller
 * back is no layer. Reaching past a module's public files from outside the API couples the bench and the tests
 * to the module's insides, which its owners must then keep still.
 *
 * Imports are read with the TypeScript parser (not a regular expression), so an import written inside a string
 * or a comment, as the lint-rule tests do, is not an edge.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import ts from 'typescript';
import { relativeTo, subfolders, walkFiles } from './workspace-files.ts';

export interface ImportGraphOptions {
  /**
   * Whether `import type` / `export type` and `typeof import('...')` count as edges. They do by default: a cycle
   * of types ties the files' declarations together just as much, even if nothing of it runs.
   */
  typeImports?: boolean;
}

export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
  /** Erased from the JavaScript: `import type`, `export type`, or an import in a type position. */
  typeOnly: boolean;
}

export interface ImportGraph {
  root: string;
  /** The files walked, absolute. */
  files: string[];
  /** Resolved imports of workspace files, by importing file. */
  edges: Map<string, ImportEdge[]>;
  /** Relative and `@gp/*` imports that name no file: the graph is blind there. */
  unresolved: { file: string; specifier: string }[];
}

const sourceExtensions = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const isSource = (path: string) => sourceExtensions.includes(extname(path)) && !path.endsWith('.d.ts');

/** The folders whose sources make the graph, relative to the root. */
export function sourceRoots(root: string): string[] {
  return [
    ...subfolders(root, 'apps').map((app) => `${app}/src`),
    'apps/api/build',
    'apps/api/test',
    ...subfolders(root, 'packages').map((pkg) => `${pkg}/src`),
    'bench',
    'e2e',
    'deploy',
    'tools',
  ];
}

interface WorkspacePackage {
  dir: string;
  exports?: unknown;
  main?: string;
}

/** The workspace's packages by name, from the folders pnpm-workspace.yaml lists. */
function workspacePackages(root: string): Map<string, WorkspacePackage> {
  const dirs = [
    ...subfolders(root, 'apps'),
    ...subfolders(root, 'packages'),
    ...subfolders(root, 'tools'),
    'bench',
    'e2e',
    'deploy',
  ];
  const packages = new Map<string, WorkspacePackage>();
  for (const dir of dirs) {
    const file = join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; exports?: unknown; main?: string };
    if (pkg.name) packages.set(pkg.name, { dir: join(root, dir), exports: pkg.exports, main: pkg.main });
  }
  return packages;
}

/** An `exports` target: a path, or the first path of its conditions (`types`, `import`, `default`, ...). */
function exportTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(exportTarget).find((t) => t !== undefined);
  if (typeof value === 'object' && value !== null)
    return Object.values(value)
      .map(exportTarget)
      .find((t) => t !== undefined);
  return undefined;
}

/** What `exports` maps a subpath (`.`, `./shell`, `./locales/en/x.json`) to, wildcards included. */
function exportsEntry(exports: unknown, subpath: string): string | undefined {
  if (typeof exports === 'string' || Array.isArray(exports))
    return subpath === '.' ? exportTarget(exports) : undefined;
  if (typeof exports !== 'object' || exports === null) return undefined;
  const map = exports as Record<string, unknown>;
  // A map of conditions rather than subpaths stands for `.` alone.
  if (!Object.keys(map).some((k) => k.startsWith('.')))
    return subpath === '.' ? exportTarget(map) : undefined;
  if (subpath in map) return exportTarget(map[subpath]);
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      const target = exportTarget(value);
      const match = subpath.slice(before.length, subpath.length - after.length);
      if (target) return target.split('*').join(match);
    }
  }
  return undefined;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * The file a path names the way TypeScript's bundler resolution finds it: as written, `.js` standing for `.ts`,
 * without extension, or a folder's index. Non-source files (CSS, JSON) resolve to themselves.
 */
function resolvePath(base: string): string | undefined {
  if (isFile(base)) return base;
  const ext = extname(base);
  const stem = base.slice(0, base.length - ext.length);
  const swapped: Record<string, string[]> = {
    '.js': ['.ts', '.tsx'],
    '.jsx': ['.tsx'],
    '.mjs': ['.mts'],
    '.cjs': ['.cts'],
  };
  for (const alt of swapped[ext] ?? []) if (isFile(stem + alt)) return stem + alt;
  for (const e of sourceExtensions) if (isFile(base + e)) return base + e;
  for (const e of sourceExtensions) if (isFile(join(base, 'index' + e))) return join(base, 'index' + e);
  return undefined;
}

/** Where an import leads: a file, `external` (npm, node:), or undefined when a workspace import names nothing. */
function resolveImport(
  file: string,
  specifier: string,
  packages: Map<string, WorkspacePackage>,
): string | 'external' | undefined {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..')
    return resolvePath(resolve(dirname(file), specifier));
  const match = /^(@[^/]+\/[^/]+|[^@/][^/]*)(?:\/(.*))?$/.exec(specifier);
  const pkg = match && packages.get(match[1]!);
  if (!match || !pkg) return specifier.startsWith('@gp/') ? undefined : 'external';
  const sub = match[2];
  if (pkg.exports !== undefined) {
    const target = exportsEntry(pkg.exports, sub ? `./${sub}` : '.');
    return target ? resolvePath(join(pkg.dir, target)) : undefined;
  }
  // No `exports`: Node's old rules, a subpath is a file of the package, the name alone is `main` or the index.
  return resolvePath(join(pkg.dir, sub ?? pkg.main ?? 'index'));
}

interface RawImport {
  specifier: string;
  typeOnly: boolean;
}

const scriptKind = (file: string) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TS;

/** Every import of a file with a literal specifier: static, re-export, `import()`, `require()`, import types. */
export function importsOf(file: string, text: string): RawImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const found: RawImport[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      // `import { type A } from` stays in the JavaScript as `import {} from` (verbatimModuleSyntax): a value edge.
      if (specifier) found.push({ specifier, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (ts.isExportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier);
      if (specifier) found.push({ specifier, typeOnly: node.isTypeOnly });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const specifier = literal(node.moduleReference.expression);
      if (specifier) found.push({ specifier, typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      const specifier = ts.isLiteralTypeNode(arg) ? literal(arg.literal) : undefined;
      if (specifier) found.push({ specifier, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const specifier = literal(node.arguments[0]);
      if ((isImport || isRequire) && specifier) found.push({ specifier, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The import graph of the files under `roots` (default: `sourceRoots`). */
export function buildImportGraph(
  root: string,
  options: ImportGraphOptions = {},
  roots: string[] = sourceRoots(root),
): ImportGraph {
  const typeImports = options.typeImports ?? true;
  const packages = workspacePackages(root);
  const files = walkFiles(root, roots, isSource);
  const edges = new Map<string, ImportEdge[]>();
  const unresolved: ImportGraph['unresolved'] = [];
  for (const file of files) {
    const out: ImportEdge[] = [];
    for (const { specifier, typeOnly } of importsOf(file, readFileSync(file, 'utf8'))) {
      const to = resolveImport(file, specifier, packages);
      if (to === undefined) unresolved.push({ file, specifier });
      else if (to !== 'external' && isSource(to) && (typeImports || !typeOnly))
        out.push({ from: file, to, specifier, typeOnly });
    }
    edges.set(file, out);
  }
  return { root, files, edges, unresolved };
}

/** Strongly connected components (Tarjan, without recursion: an import chain can be thousands of files long). */
function components(nodes: string[], next: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; children: string[]; at: number }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: next(node), at: 0 });
    };
    enter(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at++]!;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        found.push(component);
      }
    }
  }
  return found;
}

/**
 * The cycles of the graph, each a list of repository-relative files whose last imports the first. Listing every
 * elementary cycle can take exponential room, so this lists, for each import that lies on a cycle, the shortest
 * cycle through it (once, however many imports it covers): every import to cut shows up in some cycle.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const next = (node: string) => [...new Set((graph.edges.get(node) ?? []).map((e) => e.to))].sort();
  const cycles = new Map<string, string[]>();
  for (const component of components(graph.files, next)) {
    const inside = new Set(component);
    const selfLoops = component.filter((n) => next(n).includes(n));
    if (component.length === 1 && !selfLoops.length) continue;
    const covered = new Set<string>();
    const key = (a: string, b: string) => `${a}\0${b}`;
    for (const from of [...component].sort()) {
      for (const to of next(from).filter((n) => inside.has(n))) {
        if (covered.has(key(from, to))) continue;
        const path = shortestPath(to, from, (n) => next(n).filter((m) => inside.has(m)));
        const cycle = [from, ...path.slice(0, -1)];
        cycle.forEach((n, i) => covered.add(key(n, cycle[(i + 1) % cycle.length]!)));
        const rel = rotateToSmallest(cycle.map((n) => relativeTo(graph.root, n)));
        cycles.set(rel.join('\0'), rel);
      }
    }
  }
  return [...cycles.values()].sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}

/** Breadth-first: the shortest path from `from` to `to`, both included. */
function shortestPath(from: string, to: string, next: (node: string) => string[]): string[] {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift()!;
    if (node === to) break;
    for (const n of next(node)) {
      if (!previous.has(n)) {
        previous.set(n, node);
        queue.push(n);
      }
    }
  }
  const path: string[] = [];
  for (let n: string | null | undefined = to; n != null; n = previous.get(n)) path.unshift(n);
  return path;
}

const rotateToSmallest = (cycle: string[]) => {
  const smallest = cycle.indexOf([...cycle].sort()[0]!);
  return [...cycle.slice(smallest), ...cycle.slice(0, smallest)];
};

/** `a -> b -> a`. */
export const formatCycle = (cycle: string[]) => [...cycle, cycle[0]].join(' -> ');

/** Folders outside the API whose code may use an API module only through its public files. */
const outsideTheApi = ['bench/', 'e2e/', 'deploy/'];
/** A module's files that others may import: its public API and its test helpers. */
const publicModuleFiles = new Set(['index.ts', 'testing.ts']);

export interface ModuleReach {
  file: string;
  target: string;
  specifier: string;
}

/** Imports from bench/, e2e/ and deploy/ into `apps/api/src/modules/<m>/` other than `index.ts` and `testing.ts`. */
export function moduleReachViolations(graph: ImportGraph): ModuleReach[] {
  const found: ModuleReach[] = [];
  for (const [from, edges] of graph.edges) {
    const file = relativeTo(graph.root, from);
    if (!outsideTheApi.some((dir) => file.startsWith(dir))) continue;
    for (const edge of edges) {
      const target = relativeTo(graph.root, edge.to);
      const inModule = /^apps\/api\/src\/modules\/[^/]+\/(.+)$/.exec(target);
      if (inModule && !publicModuleFiles.has(inModule[1]!))
        found.push({ file, target, specifier: edge.specifier });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.target.localeCompare(b.target));
}
