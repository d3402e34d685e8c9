/**
 * Answer shapes against zod: for every call of the contracts the player apps use, samples built from the shape
 * and mutations of them (each field wrong, each required key missing, extra keys) get the same verdict and the
 * same output from the shape checker as from the call's zod schema.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as cs from '@gp/contracts/cs';
import * as passport from '@gp/contracts/passport';
import * as pay from '@gp/contracts/pay';
import * as web from '@gp/contracts/web';
import { answerCall, answerSchema, shapeOf, type Shape } from './answer-shape.ts';
import { browserModule } from './vite-plugin.ts';

type Variant = 'full' | 'lean';

/** A value the shape accepts: `full` takes every optional and the first option, `lean` the opposite. */
function sample(shape: Shape, variant: Variant): unknown {
  if (typeof shape === 'string') return { s: 'text', n: 1.5, i: 7, b: true, z: null }[shape];
  const [kind, arg] = shape;
  switch (kind) {
    case 's':
      return 'x'.repeat(arg);
    case 'l':
      return arg;
    case 'e':
      return variant === 'full' ? arg[0] : arg[arg.length - 1];
    case 'u':
      return sample(variant === 'full' ? arg[0]! : arg[arg.length - 1]!, variant);
    case '?':
      return variant === 'full' ? sample(arg, variant) : undefined;
    case 'N':
      return variant === 'full' ? sample(arg, variant) : null;
    case 'a':
      return variant === 'full' ? [sample(arg, variant), sample(arg, variant)] : [];
    case 'o': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(arg)) {
        const value = sample(field, variant);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
  }
}

/** Wrong values for a field of this shape. */
function wrongFor(shape: Shape): unknown[] {
  if (typeof shape === 'string')
    return { s: [5, null], n: ['1', Infinity, NaN], i: [1.5, '7', 2 ** 60], b: ['true', 1], z: [0, ''] }[
      shape
    ];
  const [kind, arg] = shape;
  switch (kind) {
    case 's':
      return ['x'.repeat(arg + 1), 3];
    case 'l':
    case 'e':
      return ['not-one-of-them', 999_999];
    case 'u':
    case '?':
    case 'N':
      return [{ unexpected: true }];
    case 'a':
      return [{}, 'list'];
    case 'o':
      return [[], 'object', null];
  }
}

interface Case {
  label: string;
  value: unknown;
}

/** Every single-point change of a sample: each field made wrong, each key removed, an extra key added. */
function mutations(shape: Shape, value: unknown, label = '$'): Case[] {
  const cases: Case[] = wrongFor(shape).map((w) => ({ label: `${label}=${JSON.stringify(w)}`, value: w }));
  if (typeof shape === 'string' || value === null || value === undefined) return cases;
  const [kind, arg] = shape;
  if ((kind === '?' || kind === 'N' || kind === 'u') && typeof arg === 'object') {
    const inner = kind === 'u' ? (arg as Shape[])[0]! : (arg as Shape);
    return [...cases, ...mutations(inner, value, label)];
  }
  if (kind === 'a' && Array.isArray(value) && value.length > 0) {
    for (const m of mutations(arg as Shape, value[0], `${label}[0]`))
      cases.push({ label: m.label, value: [m.value, ...value.slice(1)] });
  }
  if (kind === 'o' && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    cases.push({ label: `${label}+extra`, value: { ...object, extra_key: 1 } });
    for (const [key, field] of Object.entries(arg as Record<string, Shape>)) {
      if (!(key in object)) continue;
      const { [key]: _dropped, ...rest } = object;
      cases.push({ label: `${label}.${key} missing`, value: rest });
      for (const m of mutations(field, object[key], `${label}.${key}`))
        cases.push({ label: m.label, value: { ...object, [key]: m.value } });
    }
  }
  return cases;
}

const calls = Object.entries({ cs, passport, pay, web }).flatMap(([group, module]) =>
  Object.entries(module as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'object' && v !== null && 'response' in v && 'request' in v)
    .map(([name, v]) => ({ name: `${group}.${name}`, response: (v as { response: z.ZodType }).response })),
);

describe('answer shapes agree with zod', () => {
  it('covers the calls of the player contracts', () => {
    expect(calls.length).toBeGreaterThan(60);
  });

  it.each(calls)('$name', ({ response }) => {
    const shape = shapeOf(response);
    const checker = answerSchema(shape);
    let compared = 0;
    for (const variant of ['full', 'lean'] as const) {
      const good = sample(shape, variant);
      for (const { label, value } of [{ label: 'sample', value: good }, ...mutations(shape, good)]) {
        const byZod = response.safeParse(value);
        const byShape = checker.safeParse(value);
        expect({ label, success: byShape.success }).toEqual({ label, success: byZod.success });
        if (byZod.success && byShape.success) expect(byShape.data).toEqual(byZod.data);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2);
  });
});

describe('shapeOf refuses what it cannot check as zod does', () => {
  it.each([
    ['a transform', z.string().transform((s) => s.length)],
    ['a coercion', z.coerce.number()],
    ['a default', z.object({ a: z.string().default('x') })],
    ['a refinement', z.string().refine((s) => s.startsWith('a'))],
    ['a regex', z.string().regex(/^a/)],
    ['a minimum', z.number().min(1)],
    ['a record', z.record(z.string(), z.number())],
    ['a loose object', z.looseObject({ a: z.string() })],
    ['a date', z.date()],
    ['an e-mail', z.email()],
    ['an ISO date-time', z.iso.datetime()],
    ['a 32-bit int', z.int32()],
  ])('%s', (_what, schema) => {
    expect(() => shapeOf(schema)).toThrow(/cannot be checked without zod/);
  });

  it('takes z.int() as a safe integer', () => {
    expect(shapeOf(z.int())).toBe('i');
    expect(shapeOf(z.number().int())).toBe('i');
  });

  it('names where the refusal is', () => {
    expect(() => shapeOf(z.object({ list: z.array(z.object({ at: z.iso.datetime() })) }))).toThrow(
      /^response\.list\[\]\.at:/,
    );
  });
});

describe('answerCall', () => {
  it('keeps where the call goes and checks its answer by shape', () => {
    const call = answerCall(
      { group: 'web', method: 'GET', path: '/game/list', encoding: 'query', auth: 'public' },
      ['a', ['o', { game_name: 's' }]],
    );
    expect(call.path).toBe('/game/list');
    expect(call.response.safeParse([{ game_name: 'A', other: 1 }])).toEqual({
      success: true,
      data: [{ game_name: 'A' }],
    });
    expect(call.response.safeParse([{ game_name: 1 }]).success).toBe(false);
    expect(Object.isFrozen(call)).toBe(true);
  });
});

describe('browserModule', () => {
  const code = browserModule('/repo/packages/contracts/src/pay.contracts.ts', pay as Record<string, unknown>);

  it('turns calls into answer shapes and plain constants into literals', () => {
    expect(code).toContain('export const webpayAddOrder = /*#__PURE__*/ answerCall(');
    expect(code).toContain(`export const payModes = ${JSON.stringify(pay.payModes)};`);
    expect(code).not.toMatch(/from ["']zod["']/);
  });

  it('re-exports zod-free helpers from their own module and the rest from the real one', () => {
    expect(code).toMatch(/export \{ currencyExponent \} from ".*pay-values\.ts";/);
    expect(code).toMatch(
      /export \{[^}]*payOrderItem[^}]*\} from "\/repo\/packages\/contracts\/src\/pay\.contracts\.ts";/,
    );
  });
});
