/**
 * An order's timeline as players and agents read it, from its state changes (pay_order_event, oldest first).
 * Created and awaiting payment read as one "order placed"; a step repeated back to back (a delivery tried
 * again while delivering) shows once, at its first time; a step taken again after another shows again, so the
 * timeline tells what happened and when (e.g. declined, then paid after all: failed, paid).
 */
import { timelineStepOf, type OrderState, type OrderTimelineEntry } from '@gp/contracts/pay';

export interface TimelineEvent {
  toState: OrderState;
  createdAt: Date;
}

export function timelineOf(events: readonly TimelineEvent[]): OrderTimelineEntry[] {
  const timeline: OrderTimelineEntry[] = [];
  for (const event of events) {
    const step = timelineStepOf(event.toState);
    if (timeline.at(-1)?.step === step) continue;
    timeline.push({ step, at: event.createdAt.toISOString() });
  }
  return timeline;
}
