/**
 * Business time: every rule that depends on "now" (expiries, windows, schedules, leases, retry times) reads it
 * from a `Clock`. The app has one (`app.now`, from `buildApp({ now })`) and hands it to every service, worker and
 * repository call that needs the time; tests give the app a clock they move (`test/test-clock.ts`) instead of
 * faking the system time. Wall time that is not business time (log lines, a wait's real elapsed time) is the
 * only other time source, and says so where it is read.
 */
export type Clock = () => Date;

/** The system clock: the only place business time comes from the wall clock. */
export const systemClock: Clock = () => new Date();
