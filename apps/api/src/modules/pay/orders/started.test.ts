import { describe, expect, it } from 'vitest';
import { started } from './started.ts';

describe('started', () => {
  it('answers the work as it settles, its error included', async () => {
    await expect(started(Promise.resolve(3))).resolves.toBe(3);
    await expect(started(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('leaves a refusal nobody awaits unreported (no unhandled rejection)', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      started(Promise.reject(new Error('never awaited')));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
