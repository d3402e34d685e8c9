import { describe, expect, it, vi } from 'vitest';
import { loadChunk, withTimeout } from './lazy-screen.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('loadChunk', () => {
  it('reloads the page once when a chunk fails, then shows the error', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const first = loadChunk(failing, { storage, reload });
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    void first;
    await expect(loadChunk(failing, { storage, reload })).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later success clears the mark, so a future failure may reload again.
    await loadChunk(() => Promise.resolve('ok'), { storage, reload });
    expect(storage.getItem('gp.chunkReloaded')).toBeNull();
  });

  it('gives up on a chunk that takes longer than the limit', async () => {
    await expect(withTimeout(() => new Promise(() => {}), 10)).rejects.toThrow(/timed out/);
  });
});
