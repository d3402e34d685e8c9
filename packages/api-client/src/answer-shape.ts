/**
 * Answer shapes: a compact, zod-free description of a contract's response schema and the checker that applies
 * it. Player builds replace each call's zod response schema with its shape (see vite-plugin.ts), so phones do not
 * download zod (~24 KB gzip) before the first screen, while every answer is still checked before it is used.
 * The checker follows zod for the kinds answers use: unknown object keys are dropped, ints are safe integers,
 * numbers are finite, a union takes its first matching option. `shapeOf` refuses anything else (a transform, a
 * refinement, a default...), so a contract that needs real zod fails the build instead of being checked loosely.
 */
import type { z } from 'zod';

export type Shape =
  | 's' // string
  | 'n' // finite number
  | 'i' // safe integer
  | 'b' // boolean
  | 'z' // null
  | ['s', number] // string of exactly this length
  | ['l', string | number | boolean | null] // literal
  | ['e', (string | number | boolean | null)[]] // enum, or one of several literals
  | ['u', Shape[]] // union, first match wins
  | ['?', Shape] // optional
  | ['N', Shape] // nullable
  | ['a', Shape] // array
  | ['o', Record<string, Shape>]; // object, unknown keys dropped

/** Zod's internals as far as shapes need them (stable in zod 4's `_zod.def`). */
interface ZodDef {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; length?: number } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  coerce?: boolean;
  /** String and number formats that are schemas of their own (`z.email()`, `z.iso.datetime()`, `z.int()`). */
  format?: string;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The shape of a response schema; throws, naming the path, on anything the checker would not do as zod does. */
export function shapeOf(schema: z.ZodType, path = 'response'): Shape {
  const def = defOf(schema);
  const refuse = (what: string): never => {
    throw new Error(`${path}: ${what} cannot be checked without zod; keep answers to plain data`);
  };
  if (def.coerce) refuse(`a coerced ${def.type}`);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const noChecks = () => {
    if (checks.length) refuse(`${def.type} with ${checks.map((c) => c.format ?? c.check).join(', ')}`);
  };
  switch (def.type) {
    case 'string': {
      if (def.format) return refuse(`a string of format ${def.format}`);
      if (checks.length === 0) return 's';
      const [only] = checks;
      if (checks.length === 1 && only?.check === 'length_equals' && typeof only.length === 'number')
        return ['s', only.length];
      return refuse(`string with ${checks.map((c) => c.format ?? c.check).join(', ')}`);
    }
    case 'number': {
      const formats = [...(def.format ? [def.format] : []), ...checks.map((c) => c.format ?? c.check)];
      if (formats.length === 0) return 'n';
      if (formats.every((f) => f === 'safeint')) return 'i';
      return refuse(`number with ${checks.map((c) => c.format ?? c.check).join(', ')}`);
    }
    case 'boolean':
      noChecks();
      return 'b';
    case 'null':
      return 'z';
    case 'literal': {
      const values = def.values ?? [];
      const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
      if (values.length === 0 || !values.every(plain))
        return refuse('a literal of other than strings, numbers, booleans or null');
      // One of several literals is the same test as an enum's.
      return values.length === 1
        ? ['l', values[0] as string | number | boolean | null]
        : ['e', values as (string | number | boolean | null)[]];
    }
    case 'enum':
      return ['e', Object.values(def.entries ?? {})];
    case 'union':
      return ['u', (def.options ?? []).map((o, n) => shapeOf(o, `${path}|${n}`))];
    case 'optional':
      return ['?', shapeOf(def.innerType!, path)];
    case 'nullable':
      return ['N', shapeOf(def.innerType!, path)];
    case 'array':
      noChecks();
      return ['a', shapeOf(def.element!, `${path}[]`)];
    case 'object': {
      noChecks();
      const catchall = (def as { catchall?: z.ZodType }).catchall;
      if (catchall && defOf(catchall).type !== 'never') refuse('an object with a catch-all');
      const fields: Record<string, Shape> = {};
      for (const [key, value] of Object.entries(def.shape ?? {}))
        fields[key] = shapeOf(value, `${path}.${key}`);
      return ['o', fields];
    }
    default:
      return refuse(`a ${def.type}`);
  }
}

const fail = Symbol('fail');
type Out = unknown;

function check(shape: Shape, value: unknown): Out | typeof fail {
  if (typeof shape === 'string') {
    switch (shape) {
      case 's':
        return typeof value === 'string' ? value : fail;
      case 'n':
        return typeof value === 'number' && Number.isFinite(value) ? value : fail;
      case 'i':
        return Number.isSafeInteger(value) ? value : fail;
      case 'b':
        return typeof value === 'boolean' ? value : fail;
      case 'z':
        return value === null ? value : fail;
    }
  }
  const [kind, arg] = shape;
  switch (kind) {
    case 's':
      return typeof value === 'string' && value.length === arg ? value : fail;
    case 'l':
      return value === arg ? value : fail;
    case 'e':
      return (arg as unknown[]).includes(value) ? value : fail;
    case 'u':
      for (const option of arg as Shape[]) {
        const out = check(option, value);
        if (out !== fail) return out;
      }
      return fail;
    case '?':
      return value === undefined ? value : check(arg as Shape, value);
    case 'N':
      return value === null ? value : check(arg as Shape, value);
    case 'a': {
      if (!Array.isArray(value)) return fail;
      const out: unknown[] = [];
      for (const item of value) {
        const checked = check(arg as Shape, item);
        if (checked === fail) return fail;
        out.push(checked);
      }
      return out;
    }
    case 'o': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail;
      const input = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(arg as Record<string, Shape>)) {
        if (!(key in input)) {
          if (Array.isArray(field) && field[0] === '?') continue;
          return fail;
        }
        const checked = check(field, input[key]);
        if (checked === fail) return fail;
        out[key] = checked;
      }
      return out;
    }
  }
  return fail;
}

/** The part of a zod schema the API client uses, answered by a shape. */
export interface AnswerSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: Error };
}

export function answerSchema(shape: Shape): AnswerSchema {
  return {
    safeParse(value) {
      const data = check(shape, value);
      return data === fail
        ? { success: false, error: new Error('answer does not match its shape') }
        : { success: true, data };
    },
  };
}

/** What a call needs in the browser: where and how it travels, and the shape of its answer. */
export interface AnswerCall {
  group: string;
  method: string;
  path: string;
  encoding: string;
  auth: string;
  response: AnswerSchema;
}

export function answerCall(call: Omit<AnswerCall, 'response'>, shape: Shape): AnswerCall {
  return Object.freeze({ ...call, response: answerSchema(shape) });
}
