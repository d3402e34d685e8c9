import { describe, expect, it } from 'vitest';
import { timelineOf, type TimelineEvent } from './order-timeline.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 1, minute));
const event = (toState: TimelineEvent['toState'], minute: number): TimelineEvent => ({
  toState,
  createdAt: at(minute),
});

describe('timelineOf', () => {
  it('reads created and awaiting payment as one step, at the first time', () => {
    expect(timelineOf([event('created', 0), event('awaiting_payment', 1), event('paid', 3)])).toEqual([
      { step: 'created', at: at(0).toISOString() },
      { step: 'paid', at: at(3).toISOString() },
    ]);
  });

  it('keeps every step in order and a repeat in a row once', () => {
    const steps = timelineOf([
      event('created', 0),
      event('awaiting_payment', 1),
      event('failed', 4),
      event('paid', 9),
      event('delivering', 10),
      event('delivering', 12),
      event('delivered', 13),
      event('refunded', 20),
    ]).map((e) => e.step);
    expect(steps).toEqual(['created', 'failed', 'paid', 'delivering', 'delivered', 'refunded']);
  });

  it('is empty for an order without events', () => {
    expect(timelineOf([])).toEqual([]);
  });
});
