/**
 * Builds CALLS.md: every call of the contracts with where it is served and who calls it, so a newcomer goes
 * from a path of SPEC section 7 to its code in one hop. Routes and services are found with the TypeScript
 * checker (what a `register*Call(app, contract, handler)` registers, and what the handler calls), callers by
 * following imports from the apps' screens; nothing is listed by hand, so the file cannot drift.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { fullPath, type CallContract } from '@gp/contracts';

export const repoRoot = resolve(import.meta.dirname, '../../..');
const contractsDir = join(repoRoot, 'packages/contracts');
const apiDir = join(repoRoot, 'apps/api');
const playerApps = ['portal', 'passport', 'pay', 'cs-admin'] as const;

interface ContractRef {
  contract: CallContract;
  /** Repository-relative file that declares it. */
  file: string;
  name: string;
}

interface Registration {
  routeFile: string;
  line: number;
  handler: string;
}

const rel = (file: string) => relative(repoRoot, file).split('\\').join('/');

function isCallContract(value: unknown): value is CallContract {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.group === 'string' &&
    typeof v.method === 'string' &&
    typeof v.path === 'string' &&
    'request' in v
  );
}

/** Every exported contract of the package's public modules, keyed by declaring file and export name. */
async function loadContracts(): Promise<{ refs: ContractRef[]; containers: Map<string, Set<CallContract>> }> {
  const pkg = JSON.parse(readFileSync(join(contractsDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const seen = new Map<CallContract, ContractRef>();
  // Exports that group calls (`articleAdminCalls.news.page`): a caller of the group calls each of them.
  const containers = new Map<string, Set<CallContract>>();
  const collect = (value: unknown, into: Set<CallContract>, depth: number) => {
    if (isCallContract(value)) into.add(value);
    else if (depth > 0 && typeof value === 'object' && value !== null)
      for (const inner of Object.values(value)) collect(inner, into, depth - 1);
  };
  for (const target of Object.values(pkg.exports)) {
    const file = join(contractsDir, target);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (isCallContract(value)) {
        if (!seen.has(value)) seen.set(value, { contract: value, file: rel(file), name });
        continue;
      }
      const grouped = new Set<CallContract>();
      collect(value, grouped, 2);
      if (grouped.size) containers.set(name, grouped);
    }
  }
  return { refs: [...seen.values()], containers };
}

function program(tsconfig: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfig}`);
  return ts.createProgram({ rootNames: config.fileNames, options: config.options });
}

function declarationOf(checker: ts.TypeChecker, node: ts.Node): ts.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.[0];
}

function nameOfDeclaration(decl: ts.Declaration): string {
  const name = ts.getNameOfDeclaration(decl);
  return name ? name.getText() : '(anonymous)';
}

/** The first service (or other API) function a handler calls: `file#name`. */
function handlerTarget(checker: ts.TypeChecker, handler: ts.Expression): string {
  const found: { service?: string; other?: string } = {};
  const visit = (node: ts.Node) => {
    if (found.service) return;
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      const decl = declarationOf(checker, callee);
      const file = decl?.getSourceFile().fileName;
      if (decl && file && file.startsWith(join(apiDir, 'src'))) {
        const where = `${rel(file)}#${nameOfDeclaration(decl)}`;
        if (/\.service\.ts$/.test(file)) found.service = where;
        else if (!/\/http\//.test(file)) found.other ??= where;
      }
    }
    ts.forEachChild(node, visit);
  };
  if (ts.isIdentifier(handler)) {
    const decl = declarationOf(checker, handler);
    if (decl) visit(decl);
  } else visit(handler);
  return found.service ?? found.other ?? '';
}

const declarationKey = (decl: ts.Declaration) =>
  `${rel(decl.getSourceFile().fileName)}#${nameOfDeclaration(decl)}`;

interface ApiIndex {
  registrationOf(ref: ContractRef): Registration | undefined;
}

/** Where each contract is registered: `register*Call(app, <contract>, <handler>)` calls in the API's source. */
function loadApiIndex(): ApiIndex {
  const prog = program(join(apiDir, 'tsconfig.json'));
  const checker = prog.getTypeChecker();
  const out = new Map<string, Registration>();
  for (const source of prog.getSourceFiles()) {
    const file = source.fileName;
    if (!file.startsWith(join(apiDir, 'src')) || /\.test\.ts$/.test(file)) continue;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        /^register\w*Call$/.test(node.expression.text) &&
        node.arguments.length >= 3
      ) {
        const [, contractArg, handler] = node.arguments;
        const decl = contractArg && declarationOf(checker, contractArg);
        const declFile = decl?.getSourceFile().fileName;
        if (decl && declFile?.startsWith(contractsDir) && handler) {
          out.set(declarationKey(decl), {
            routeFile: rel(file),
            line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
            handler: handlerTarget(checker, handler),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // `export const newsAdminPage = news.page` is registered in a loop over the kinds as `calls.page`: a contract
  // with no registration of its own name is looked up by the declaration it stands for.
  const keyOf = (ref: ContractRef): string => {
    const source = prog.getSourceFile(join(repoRoot, ref.file));
    let key = `${ref.file}#${ref.name}`;
    source?.forEachChild((statement) => {
      if (!ts.isVariableStatement(statement)) return;
      for (const decl of statement.declarationList.declarations) {
        if (decl.name.getText() !== ref.name || !decl.initializer) continue;
        const init = decl.initializer;
        const target = ts.isPropertyAccessExpression(init) ? declarationOf(checker, init.name) : undefined;
        if (target) key = declarationKey(target);
      }
    });
    return key;
  };
  return { registrationOf: (ref) => out.get(`${ref.file}#${ref.name}`) ?? out.get(keyOf(ref)) };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !/\/testing\//.test(path))
      out.push(path);
  }
  return out;
}

const importRe =
  /(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface ParsedFile {
  /** Relative imports resolved to files. */
  deps: string[];
  /** Names imported as values from @gp/contracts modules. */
  contractNames: Set<string>;
}

function resolveRelative(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return undefined;
}

function parseFile(file: string): ParsedFile {
  const text = readFileSync(file, 'utf8');
  const deps: string[] = [];
  const contractNames = new Set<string>();
  for (const m of text.matchAll(importRe)) {
    const spec = m[3] ?? m[4];
    if (!spec) continue;
    if (spec.startsWith('.')) {
      const target = resolveRelative(file, spec);
      if (target) deps.push(target);
    } else if (spec.startsWith('@gp/contracts') && !m[1] && m[2]) {
      for (const part of m[2].replace(/[{}]/g, '').split(',')) {
        const trimmed = part.trim();
        if (!trimmed || trimmed.startsWith('type ')) continue;
        contractNames.add(trimmed.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return { deps, contractNames };
}

/** A file that calls a contract, with the screens (route files) that reach it through imports. */
interface Caller {
  file: string;
  screens: string[];
}

/** For each contract export name: the app and shared-package files that call it, and the screens using them. */
function loadCallers(): Map<string, Caller[]> {
  const callers = new Map<string, Caller[]>();
  const add = (name: string, caller: Caller) => callers.set(name, [...(callers.get(name) ?? []), caller]);
  for (const app of playerApps) {
    const src = join(repoRoot, 'apps', app, 'src');
    const files = walk(src);
    const parsed = new Map(files.map((f) => [f, parseFile(f)]));
    const routes = files.filter((f) => f.startsWith(join(src, 'routes') + '/'));
    const screensOf = new Map<string, string[]>();
    for (const route of routes) {
      const reached = new Set<string>();
      const stack = [route];
      while (stack.length) {
        const file = stack.pop()!;
        if (reached.has(file)) continue;
        reached.add(file);
        // Another screen is its own entry: what it calls is listed under it, not under every screen linking it.
        for (const dep of parsed.get(file)?.deps ?? []) if (!routes.includes(dep)) stack.push(dep);
      }
      for (const file of reached) screensOf.set(file, [...(screensOf.get(file) ?? []), rel(route)]);
    }
    for (const [file, info] of parsed) {
      for (const name of info.contractNames)
        add(name, { file: rel(file), screens: screensOf.get(file) ?? [] });
    }
  }
  // Shared player packages call some contracts for every app (the shell's menu, games, member).
  for (const pkg of ['ui', 'api-client', 'config']) {
    for (const file of walk(join(repoRoot, 'packages', pkg, 'src'))) {
      for (const name of parseFile(file).contractNames) add(name, { file: rel(file), screens: [] });
    }
  }
  return callers;
}

function describeCallers(callers: Caller[]): string {
  if (!callers.length) return '-';
  return callers
    .sort((a, b) => a.file.localeCompare(b.file))
    .map(({ file, screens }) => {
      const names = screens.map((s) => s.replace(/^.*\/routes\//, '')).sort();
      if (!names.length) return file;
      return `${file} (${names.length > 3 ? `${names.length} screens` : names.join(', ')})`;
    })
    .join('<br>');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export async function buildCallsDoc(): Promise<string> {
  const [{ refs: contracts, containers }, api] = [await loadContracts(), loadApiIndex()];
  const callers = loadCallers();
  const callersOf = (ref: ContractRef) => [
    ...(callers.get(ref.name) ?? []),
    ...[...containers].flatMap(([name, set]) => (set.has(ref.contract) ? (callers.get(name) ?? []) : [])),
  ];
  const rows = contracts
    .map((ref) => ({ ref, path: fullPath(ref.contract), reg: api.registrationOf(ref) }))
    .sort(
      (a, b) => a.path.localeCompare(b.path) || a.ref.contract.method.localeCompare(b.ref.contract.method),
    );
  const lines = [
    '# Calls',
    '',
    'Generated by `pnpm calls` from the contracts (`packages/contracts`), the route registrations',
    "(`apps/api/src`) and the apps' imports; a test fails when it is out of date. Do not edit by hand.",
    '',
    'Each row: the call (method and full path, group prefix included), who may call it, the contract (file and',
    'export), where the API registers it, the function its handler calls, and the files that call it (with the',
    'screens, route files under `src/routes/`, that reach them).',
    '',
    '| call | auth | contract | route | service | called from |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const { ref, path, reg } of rows) {
    const route = reg ? `${reg.routeFile}:${reg.line}` : '(not served)';
    lines.push(
      `| ${ref.contract.method} \`${cell(path)}\` | ${ref.contract.auth} | ${ref.file}#${ref.name} | ${route} | ${
        reg?.handler || '-'
      } | ${describeCallers(callersOf(ref))} |`,
    );
  }
  const unserved = rows.filter(({ reg }) => !reg).length;
  lines.push('', `${rows.length} calls, ${rows.length - unserved} served by the API.`, '');
  return lines.join('\n');
}
