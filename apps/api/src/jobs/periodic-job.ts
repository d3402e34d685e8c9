/**
 * A job that runs one kind of round every `intervalMs` on a polling worker, with a task and no queue (the retention
 * purge, the privacy erasure). The round gets `stopping()` so a long round ends at its next safe point when the
 * process shuts down; `runOnce` runs a round now (tests, an operator's script) and answers what the round answered.
 */
import type { Clock } from '../config/clock.ts';
import { PollingWorker, type WorkerLog } from './polling-worker.ts';

export interface PeriodicJob<Result> {
  start(): void;
  /** Stops the rounds; resolves when the one in flight has reached its next safe point. */
  stop(): Promise<void>;
  runOnce(): Promise<Result>;
}

export function periodicJob<Result>(options: {
  name: string;
  log: Pick<WorkerLog, 'error'>;
  now: Clock;
  /** Also the wait before the first round: a process that just started has other work first. */
  intervalMs: number;
  round: (stopping: () => boolean) => Promise<Result>;
  /** How many things a round did (0: nothing to do), for the worker's idle accounting. */
  done: (result: Result) => number;
}): PeriodicJob<Result> {
  let stopping = false;
  const runOnce = () => options.round(() => stopping);
  const worker = new PollingWorker({
    name: options.name,
    log: options.log,
    now: options.now,
    pollMs: options.intervalMs,
    firstRoundAfterMs: options.intervalMs,
    task: async () => options.done(await runOnce()),
  });
  return {
    start: () => {
      stopping = false;
      worker.start();
    },
    stop: () => {
      stopping = true;
      return worker.stop();
    },
    runOnce,
  };
}
