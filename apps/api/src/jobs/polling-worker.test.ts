/**
 * The polling worker on an in-memory queue that claims like the SQL ones (due, not leased, the attempt counted,
 * leased until `leaseUntil`): lapsed leases, stop() during a round, retry and idle backoff, and failures that
 * stay with their item. Business time is a TestClock; the waits between rounds run on vitest's fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../test/test-clock.ts';
import {
  backoff,
  GiveUp,
  PollingWorker,
  type PollingWorkerOptions,
  type WorkQueue,
} from './polling-worker.ts';

interface Job {
  id: number;
  attempts: number;
  dueAt: number;
  status: 'pending' | 'done' | 'dead';
  lastError?: string;
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const quiet = { info() {}, warn() {}, error() {} };

/** Jobs in memory, claimed the way the repositories claim rows. */
function store(clock: TestClock, count: number) {
  const jobs: Job[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    attempts: 0,
    dueAt: clock.now().getTime(),
    status: 'pending',
  }));
  const claims: number[][] = [];
  const byId = (id: number) => jobs.find((j) => j.id === id)!;
  const queue = (
    handle: (job: Job) => Promise<void>,
    extra: Partial<WorkQueue<Job>> = {},
  ): WorkQueue<Job> => ({
    batchSize: 2,
    leaseMs: 60_000,
    maxAttempts: 3,
    backoffMs: backoff({ firstMs: 10_000 }),
    async claim({ now, leaseUntil, limit }) {
      const due = jobs.filter((j) => j.status === 'pending' && j.dueAt <= now.getTime()).slice(0, limit);
      for (const job of due) {
        job.attempts += 1;
        job.dueAt = leaseUntil.getTime();
      }
      claims.push(due.map((j) => j.id));
      return due.map((j) => ({ ...j }));
    },
    async handle(job) {
      await handle(job);
      byId(job.id).status = 'done';
    },
    attemptsOf: (job) => job.attempts,
    async failed(job, failure) {
      const row = byId(job.id);
      row.lastError = failure.message;
      if (failure.retryAt) row.dueAt = failure.retryAt.getTime();
      else row.status = 'dead';
    },
    ...extra,
  });
  return { jobs, claims, byId, queue };
}

const workerOf = (clock: TestClock, options: Partial<PollingWorkerOptions<Job>>) =>
  new PollingWorker<Job>({ name: 'test worker', log: quiet, now: clock.now, pollMs: 1_000, ...options });

describe('claims and leases', () => {
  it('leaves a claimed item to its worker until the lease lapses, then another worker takes it', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 1);
    const stuck = deferred();
    const dying = workerOf(clock, { queue: jobs.queue(() => stuck.promise) });
    const fresh = workerOf(clock, { queue: jobs.queue(async () => {}) });

    const inFlight = dying.round(); // its process "dies" inside the work: the item stays leased
    await vi.waitFor(() => expect(jobs.byId(1).attempts).toBe(1));
    expect(await fresh.round()).toMatchObject({ tried: 0 });
    clock.advance(60_000 - 1);
    expect(await fresh.round()).toMatchObject({ tried: 0 });
    clock.advance(1);
    expect(await fresh.round()).toMatchObject({ tried: 1, done: 1 });
    expect(jobs.byId(1)).toMatchObject({ status: 'done', attempts: 2 });

    stuck.resolve();
    await inFlight;
  });

  it('drains batch after batch until one comes back short', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 5);
    const worker = workerOf(clock, { queue: jobs.queue(async () => {}) });
    expect(await worker.round()).toEqual({ task: 0, tried: 5, done: 5, retried: 0, givenUp: 0 });
    expect(jobs.claims).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('concurrency', () => {
  it('works up to `concurrency` items of a batch at once, one at a time without it', async () => {
    for (const [concurrency, most] of [
      [undefined, 1],
      [3, 3],
    ] as const) {
      const clock = new TestClock();
      const jobs = store(clock, 5);
      let inFlight = 0;
      let seen = 0;
      const gates = Array.from({ length: 5 }, deferred);
      const worker = workerOf(clock, {
        queue: jobs.queue(
          async (job) => {
            inFlight += 1;
            seen = Math.max(seen, inFlight);
            await gates[job.id - 1]!.promise;
            inFlight -= 1;
          },
          { batchSize: 5, ...(concurrency ? { concurrency } : {}) },
        ),
      });
      const round = worker.round();
      await vi.waitFor(() => expect(inFlight).toBe(most));
      for (const gate of gates) gate.resolve();
      expect(await round).toMatchObject({ tried: 5, done: 5 });
      expect(seen).toBe(most);
    }
  });
});

describe('stop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves only after the round in flight, which finishes its batch and claims no other', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 3);
    const gate = deferred();
    const worker = workerOf(clock, {
      queue: jobs.queue((job) => (job.id === 1 ? gate.promise : Promise.resolve())),
    });
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.claims).toEqual([[1, 2]]);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).toBe(false);

    gate.resolve();
    await stopping;
    expect(stopped).toBe(true);
    // Items 1 and 2 were claimed and leased: they are finished, not left to their lease. Item 3 waits.
    expect(jobs.jobs.map((j) => j.status)).toEqual(['done', 'done', 'pending']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(jobs.claims).toEqual([[1, 2]]);
    expect(worker.started).toBe(false);
  });

  it('starts no round after stop() when none was in flight', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 1);
    const worker = workerOf(clock, { queue: jobs.queue(async () => {}), firstRoundAfterMs: 5_000 });
    worker.start();
    await vi.advanceTimersByTimeAsync(4_999);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(jobs.claims).toEqual([]);
  });
});

describe('backoff', () => {
  it('grows by the factor up to the cap, jitter spreading it within its share', () => {
    const plain = backoff({ firstMs: 1_000, capMs: 5_000 });
    expect([1, 2, 3, 4, 5].map(plain)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect([1, 2, 3].map(backoff({ firstMs: 10_000, factor: 3 }))).toEqual([10_000, 30_000, 90_000]);
    expect([1, 2, 3].map(backoff({ firstMs: 30_000, factor: 1 }))).toEqual([30_000, 30_000, 30_000]);
    const low = backoff({ firstMs: 1_000, capMs: 5_000, jitter: 0.1 }, () => 0);
    const high = backoff({ firstMs: 1_000, capMs: 5_000, jitter: 0.1 }, () => 0.999_999);
    expect([1, 2, 4].map(low)).toEqual([900, 1_800, 4_500]);
    expect([1, 2, 4].map(high)).toEqual([1_100, 2_200, 5_000]);
  });

  it('retries a failing item later each time and gives it up after maxAttempts', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 1);
    const worker = workerOf(clock, {
      queue: jobs.queue(async () => {
        throw new Error('far side\n  refused');
      }),
    });
    expect(await worker.round()).toMatchObject({ tried: 1, retried: 1 });
    expect(jobs.byId(1)).toMatchObject({ status: 'pending', lastError: 'far side refused' });
    expect(jobs.byId(1).dueAt).toBe(clock.later(10_000).getTime());

    clock.advance(10_000 - 1);
    expect(await worker.round()).toMatchObject({ tried: 0 });
    clock.advance(1);
    expect(await worker.round()).toMatchObject({ tried: 1, retried: 1 });
    expect(jobs.byId(1).dueAt).toBe(clock.later(20_000).getTime());

    clock.advance(20_000);
    expect(await worker.round()).toMatchObject({ tried: 1, givenUp: 1 });
    expect(jobs.byId(1)).toMatchObject({ status: 'dead', attempts: 3 });
    clock.advance(86_400_000);
    expect(await worker.round()).toMatchObject({ tried: 0 });
  });

  it('gives up at once what cannot succeed (GiveUp, or an error the queue calls permanent)', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 2);
    const worker = workerOf(clock, {
      queue: jobs.queue(
        async (job) => {
          throw job.id === 1 ? new GiveUp('order is refunded') : new RangeError('refused for good');
        },
        { retryable: (error) => !(error instanceof RangeError) },
      ),
    });
    expect(await worker.round()).toMatchObject({ tried: 2, givenUp: 2 });
    expect(jobs.jobs.map((j) => [j.status, j.attempts, j.lastError])).toEqual([
      ['dead', 1, 'order is refunded'],
      ['dead', 1, 'refused for good'],
    ]);
  });

  describe('when idle', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('waits longer after each empty round, up to the cap, and polls at pollMs again once work comes', async () => {
      const clock = new TestClock();
      const jobs = store(clock, 0);
      const worker = workerOf(clock, {
        pollMs: 100,
        idleBackoff: { maxMs: 800 },
        queue: jobs.queue(async () => {}),
      });
      const roundsAfter = async (ms: number) => {
        const before = jobs.claims.length;
        await vi.advanceTimersByTimeAsync(ms);
        return jobs.claims.length - before;
      };
      worker.start();
      expect(await roundsAfter(0)).toBe(1); // t = 0
      expect(await roundsAfter(99)).toBe(0);
      expect(await roundsAfter(1)).toBe(1); // t = 100, then waits 200
      expect(await roundsAfter(199)).toBe(0);
      expect(await roundsAfter(1)).toBe(1); // t = 300, then 400
      expect(await roundsAfter(400)).toBe(1); // t = 700, then 800 (the cap)
      expect(await roundsAfter(799)).toBe(0);
      expect(await roundsAfter(1)).toBe(1); // t = 1500, then 800 again
      expect(await roundsAfter(800)).toBe(1); // t = 2300

      jobs.jobs.push({ id: 1, attempts: 0, dueAt: clock.now().getTime(), status: 'pending' });
      expect(await roundsAfter(800)).toBe(1); // t = 3100: works the job; busy, so the next wait is 100
      expect(jobs.byId(1).status).toBe('done');
      expect(await roundsAfter(99)).toBe(0);
      expect(await roundsAfter(1)).toBe(1); // t = 3200: idle, the first idle wait is 100 again
      expect(await roundsAfter(100)).toBe(1); // t = 3300, then 200
      expect(await roundsAfter(199)).toBe(0);
      expect(await roundsAfter(1)).toBe(1); // t = 3500, then 400

      // wake() brings the wait back too: a round at once, then pollMs.
      await roundsAfter(400);
      worker.wake();
      expect(await roundsAfter(0)).toBe(1);
      expect(await roundsAfter(100)).toBe(1);
      await worker.stop();
    });
  });
});

describe('failures stay with their item', () => {
  it('works the rest of the batch after an item fails, and after its failure cannot be recorded', async () => {
    const clock = new TestClock();
    const jobs = store(clock, 4);
    const errors: unknown[] = [];
    const worker = new PollingWorker<Job>({
      name: 'test worker',
      log: { ...quiet, error: (context) => void errors.push(context) },
      now: clock.now,
      pollMs: 1_000,
      queue: jobs.queue(
        async (job) => {
          if (job.id === 1 || job.id === 3) throw new Error(`item ${job.id} broke`);
        },
        {
          batchSize: 4,
          async failed(job, failure) {
            if (job.id === 3) throw new Error('database gone');
            jobs.byId(job.id).lastError = failure.message;
            jobs.byId(job.id).dueAt = failure.retryAt!.getTime();
          },
        },
      ),
    });
    expect(await worker.round()).toMatchObject({ tried: 4, done: 2, retried: 2 });
    expect(jobs.jobs.map((j) => j.status)).toEqual(['pending', 'done', 'pending', 'done']);
    expect(jobs.byId(1).lastError).toBe('item 1 broke');
    // Item 3 keeps its lease: it comes back when the lease lapses.
    expect(jobs.byId(3).dueAt).toBe(clock.later(60_000).getTime());
    expect(errors).toEqual([expect.objectContaining({ err: 'database gone', attempts: 1 })]);
  });

  describe('in the background', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('logs a round that throws and runs the next one at its time', async () => {
      const clock = new TestClock();
      const jobs = store(clock, 1);
      const errors: string[] = [];
      const queue = jobs.queue(async () => {});
      let broken = true;
      const worker = new PollingWorker<Job>({
        name: 'test worker',
        log: { ...quiet, error: (_, message) => void errors.push(message) },
        now: clock.now,
        pollMs: 1_000,
        task: async () => {
          if (broken) throw new Error('sweep failed');
          return 0;
        },
        queue,
      });
      worker.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(errors).toEqual(['test worker round failed; trying again later']);
      expect(jobs.byId(1).status).toBe('pending');
      broken = false;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(jobs.byId(1).status).toBe('done');
      await worker.stop();
    });

    it('runs another round right after the one in flight when woken during it', async () => {
      const clock = new TestClock();
      const jobs = store(clock, 1);
      const gate = deferred();
      const worker = workerOf(clock, {
        pollMs: 60_000,
        queue: jobs.queue(() => gate.promise),
      });
      worker.start();
      await vi.advanceTimersByTimeAsync(0);
      jobs.jobs.push({ id: 2, attempts: 0, dueAt: clock.now().getTime(), status: 'pending' });
      worker.wake();
      gate.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(jobs.claims).toEqual([[1], [2]]);
      expect(jobs.byId(2).status).toBe('done');
      await worker.stop();
    });
  });
});

describe('the wait between rounds', () => {
  it('keeps the process alive only for a worker with a process of its own', async () => {
    // Real timers: whether a timer holds the event loop is what Node answers here.
    const clock = new TestClock();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    try {
      for (const keepProcessAlive of [false, true]) {
        const worker = workerOf(clock, { pollMs: 60_000, keepProcessAlive, task: async () => 0 });
        worker.start();
        const timer = spy.mock.results.at(-1)?.value as NodeJS.Timeout;
        expect(timer.hasRef()).toBe(keepProcessAlive);
        await worker.stop();
      }
    } finally {
      spy.mockRestore();
    }
  });
});
