import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { developmentParts } from '../dev/development-parts.ts';
import { parseEnv } from '../config/env.ts';
import { gracefulShutdown } from './graceful-shutdown.ts';

describe('graceful shutdown', () => {
  it('drains, keeps answering through the grace, finishes the request in flight and the jobs, then closes the database', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      dev: developmentParts,
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    const steps: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    app.get('/test/slow', async () => {
      entered();
      await slow;
      steps.push('request answered');
      return { done: true };
    });
    app.jobs.list = app.jobs.list.map((job) => ({
      name: job.name,
      start: () => undefined,
      stop: async () => void steps.push(`stopped ${job.name}`),
    }));
    const closeDatabase = database.close;
    database.close = async () => {
      steps.push('database closed');
      await closeDatabase();
    };
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const request = fetch(`${base}/test/slow`);
    await inFlight;
    let stopped = false;
    const shutdown = gracefulShutdown({
      log: { info: () => undefined },
      draining: [app],
      graceMs: 300,
      close: [() => app.close()],
      database,
    }).then(() => (stopped = true));
    expect(app.lifecycle.draining).toBe(true);
    // During the grace the process still answers new requests.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stopped).toBe(false); // closing, waiting for the request in flight
    expect(steps.filter((step) => step === 'database closed')).toEqual([]);
    release();
    const answer = await request;
    expect(answer.status).toBe(200);
    // So the keep-alive connection ends with this answer instead of holding the listener's close open.
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ done: true });
    await shutdown;
    expect(steps.at(-1)).toBe('database closed');
    expect(steps).toContain('request answered');
    expect(steps.filter((step) => step.startsWith('stopped '))).toHaveLength(app.jobs.list.length);
    expect(steps.indexOf('request answered')).toBeLessThan(steps.indexOf('database closed'));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
