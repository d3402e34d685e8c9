/**
 * Vite plugin for the player apps' production builds: browser code that imports `@gp/contracts` gets a generated
 * module instead, in which every call carries the answer shape of its response schema (answer-shape.ts) rather
 * than zod. Plain constants become literals; anything else (form rules, helpers) is re-exported from the real
 * module, which is side-effect free, so zod reaches the bundle only through a screen that really uses zod (a
 * form) and then only in that screen's chunk. The contracts' own modules import each other unchanged.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import * as define from '@gp/contracts';
import * as cs from '@gp/contracts/cs';
import * as passport from '@gp/contracts/passport';
import * as pay from '@gp/contracts/pay';
import * as privacy from '@gp/contracts/privacy';
import * as web from '@gp/contracts/web';
import * as callPaths from '../../contracts/src/call-paths.ts';
import * as passportAccounts from '../../contracts/src/passport-accounts.ts';
import * as payValues from '../../contracts/src/pay-values.ts';
import * as webValues from '../../contracts/src/web-values.ts';
import type { z } from 'zod';
import { shapeOf } from './answer-shape.ts';

/** The contract modules player apps use, by file name in packages/contracts/src. */
const modules: Record<string, Record<string, unknown>> = {
  'define.ts': define,
  'cs.contracts.ts': cs,
  'passport.contracts.ts': passport,
  'pay.contracts.ts': pay,
  'privacy.contracts.ts': privacy,
  'web.contracts.ts': web,
};

/**
 * The contracts' zod-free modules: a helper that lives in one of them is re-exported from there, so using it does
 * not pull in the zod module that re-exports it.
 */
const zodFree: [string, Record<string, unknown>][] = [
  ['call-paths.ts', callPaths],
  ['passport-accounts.ts', passportAccounts],
  ['pay-values.ts', payValues],
  ['web-values.ts', webValues],
].map(([file, exports]) => [
  fileURLToPath(new URL(`../../contracts/src/${file as string}`, import.meta.url)),
  exports as Record<string, unknown>,
]);

const prefix = '\0gp-browser-contracts:';
const runtime = fileURLToPath(new URL('./answer-shape.ts', import.meta.url));

const isZod = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;

function isCall(value: unknown): value is Record<string, unknown> & { response: z.ZodType } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.group === 'string' && typeof v.path === 'string' && isZod(v.response) && isZod(v.request);
}

/** Plain data that a JSON literal reproduces exactly. */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return !isZod(value) && Object.values(value).every(isPlainData);
  return false;
}

/** The browser module standing in for one contract module. */
export function browserModule(real: string, exports: Record<string, unknown>): string {
  const lines = [`import { answerCall } from ${JSON.stringify(runtime)};`];
  const passThrough: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (isCall(value)) {
      const { group, method, path, encoding, auth } = value;
      const meta = JSON.stringify({ group, method, path, encoding, auth });
      const shape = JSON.stringify(shapeOf(value.response, `${String(path)} response`));
      lines.push(`export const ${name} = /*#__PURE__*/ answerCall(${meta}, ${shape});`);
    } else if (isPlainData(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    } else {
      const home = zodFree.find(([, values]) => values[name] === value)?.[0];
      if (home) lines.push(`export { ${name} } from ${JSON.stringify(home)};`);
      else passThrough.push(name);
    }
  }
  if (passThrough.length) lines.push(`export { ${passThrough.join(', ')} } from ${JSON.stringify(real)};`);
  return lines.join('\n');
}

export function browserContracts(): Plugin {
  return {
    name: 'gp:browser-contracts',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(prefix) || /[/\\]packages[/\\]contracts[/\\]/.test(importer))
        return null;
      if (!source.startsWith('@gp/contracts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const file = /[/\\]packages[/\\]contracts[/\\]src[/\\]([\w.-]+)$/.exec(resolved.id)?.[1];
      return file && modules[file] ? `${prefix}${resolved.id}` : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const real = id.slice(prefix.length);
      const file = real.split(/[/\\]/).pop()!;
      return { code: browserModule(real, modules[file]!), moduleSideEffects: false };
    },
  };
}
