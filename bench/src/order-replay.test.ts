import { describe, expect, it } from 'vitest';
import { orderTemplate, sameShape, sameStatements, type RecordedOrder } from './order-replay.ts';
import type { Statement } from './scale/explain.ts';

const connection = {};
const other = {};
const statement = (
  text: string,
  values: unknown[],
  rows: unknown[] = [],
  client = connection,
): Statement => ({
  text,
  values,
  extra: {},
  client,
  rowCount: rows.length,
  rows,
});

/** An order as the API sends it: a captcha, an order that reads the captcha's id back, and a notification. */
const recorded = (n: number, startedAt: number): RecordedOrder => ({
  startedAt,
  requests: [
    [
      statement(
        'select session',
        ['session-hash-of-member', new Date(startedAt).toISOString()],
        [{ mid: 7 }],
      ),
      statement('insert captcha returning id', [`c0ffee${n}${n}aa`, 'answer-hash'], [{ id: 100 + n }]),
    ],
    [
      statement('begin', []),
      statement('insert order returning id', [`P2026113000${n}1`, 7, 100 + n], [[500 + n]]),
      statement('insert event', [500 + n, `{"order_no":"P2026113000${n}1","amount":100}`], [], connection),
      statement('commit', []),
      statement('select price', [42], [{ price: 100 }], other),
      statement('insert into "rate_limit_hit" as r (key) values ($1)', [`k${n}`]),
    ].filter((s) => n === 1 || !s.text.includes('rate_limit_hit')),
  ],
});

describe('orderTemplate', () => {
  const template = orderTemplate(recorded(1, 1_000_000), recorded(2, 2_000_000));

  it('keeps what both orders sent alike, and leaves out the rate limiter batches a timer writes', () => {
    expect(template.requests).toBe(2);
    expect(template.statements.map((s) => s.config.text)).toEqual([
      'select session',
      'insert captcha returning id',
      'begin',
      'insert order returning id',
      'insert event',
      'commit',
      'select price',
    ]);
    expect(template.statements[0]!.values[0]).toEqual({ kind: 'same', value: 'session-hash-of-member' });
    expect(template.statements[6]!.values[0]).toEqual({ kind: 'same', value: 42 });
  });

  it("makes anew what each order made, takes what a statement answered from the replay's answer, moves times", () => {
    const [session, captcha, , order, event] = template.statements;
    expect(session!.values[1]).toEqual({ kind: 'time', offsetMs: 0 });
    expect(captcha!.values[0]).toEqual({ kind: 'fresh', value: 'c0ffee22aa' });
    expect(order!.values[0]).toEqual({ kind: 'fresh', value: 'P202611300021' });
    // The captcha's id, answered by statement 1 (row 0, field id); the order's id, by statement 3 (an array row).
    expect(order!.values[2]).toEqual({ kind: 'answer', statement: 1, row: 0, field: 'id' });
    expect(event!.values[0]).toEqual({ kind: 'answer', statement: 3, row: 0, field: 0 });
    // The notification body names the order: written from the order number the replay makes.
    expect(event!.values[1]).toEqual({
      kind: 'text',
      value: '{"order_no":"P202611300021","amount":100}',
      parts: ['P202611300021'],
    });
  });

  it('keeps a transaction on one connection and a statement made on another apart', () => {
    expect(template.statements.map((s) => s.connection)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(template.statements.map((s) => s.rowCount)).toEqual([1, 1, 0, 1, 0, 0, 1]);
  });

  it('refuses two orders that sent different statements, naming where they part', () => {
    const longer = recorded(2, 2_000_000);
    const requests = [longer.requests[0]!, [...longer.requests[1]!, statement('select catalogue', [])]];
    expect(() => orderTemplate(recorded(1, 1_000_000), { ...longer, requests })).toThrow(
      /different statements, from statement 7/,
    );
  });
});

describe('sameStatements', () => {
  /** An order that also read the catalogue (its cache had just expired). */
  const reading = (n: number): RecordedOrder => {
    const order = recorded(n, n * 1_000_000);
    const [first, second] = order.requests;
    return { ...order, requests: [first!, [statement('select catalogue', [], [{ id: 1 }]), ...second!]] };
  };

  it('pairs two orders of the same statements though another came between, the fewest statements first', () => {
    const [a, b, c, d] = [reading(1), recorded(2, 2e6), reading(3), recorded(4, 4e6)];
    expect(sameStatements([a, b])).toBeUndefined();
    expect(sameStatements([a, b, c])).toEqual([a, c]);
    expect(sameStatements([a, b, c, d])).toEqual([b, d]);
  });

  it("leaves the rate limiter's batched writes out of the comparison", () => {
    // recorded(1, ...) carries a rate_limit_hit write, recorded(2, ...) none.
    expect(sameStatements([recorded(1, 1e6), recorded(2, 2e6)])).toHaveLength(2);
  });
});

describe('sameShape', () => {
  it('keeps the shape (kinds of characters, separators, hex stays hex) and changes the value', () => {
    const made = new Set(Array.from({ length: 50 }, () => sameShape('P20261130-ab12')));
    expect(made.size).toBeGreaterThan(45);
    for (const value of made) expect(value).toMatch(/^[A-Z]\d{8}-[a-z]{2}\d{2}$/);
    expect(sameShape('00ff9a0c')).toMatch(/^[0-9a-f]{8}$/);
  });
});
