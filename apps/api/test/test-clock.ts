/**
 * The clock tests move: the app's (`createTestApp({}, { now: clock.now })`) or one service's or worker's. It
 * starts at the real time (seeded content and sessions are where a fresh start has them) and stands still until
 * the test moves it, so a window's edges (a recall at 1:59 and 2:01, a publish time) are exact.
 */
import type { Clock } from '../src/config/clock.ts';

export class TestClock {
  private at: number;

  constructor(start: Date | number = Date.now()) {
    this.at = typeof start === 'number' ? start : start.getTime();
  }

  readonly now: Clock = () => new Date(this.at);

  advance(ms: number): void {
    this.at += ms;
  }

  set(time: Date): void {
    this.at = time.getTime();
  }

  /** `ms` after (or, negative, before) the clock's now, without moving it. */
  later(ms: number): Date {
    return new Date(this.at + ms);
  }
}
