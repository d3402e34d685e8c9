import { describe, expect, it } from 'vitest';
import { periodicJob } from './periodic-job.ts';

const log = { error: () => {} };

describe('periodicJob', () => {
  it('runs a round on demand and tells a round in flight that the job is stopping', async () => {
    const seen: boolean[] = [];
    let release: () => void = () => {};
    const job = periodicJob({
      name: 'test',
      log,
      now: () => new Date(),
      intervalMs: 60_000,
      round: async (stopping) => {
        seen.push(stopping());
        await new Promise<void>((resolve) => (release = resolve));
        seen.push(stopping());
        return 3;
      },
      done: (n) => n,
    });
    job.start();
    const round = job.runOnce();
    const stopped = job.stop();
    release();
    expect(await round).toBe(3);
    await stopped;
    expect(seen).toEqual([false, true]);
  });
});
