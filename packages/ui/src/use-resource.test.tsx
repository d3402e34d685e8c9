import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentAnswers, useResource } from './use-resource.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useResource', () => {
  it('loads for a key, wants nothing for null, and never shows an older key’s late answer', async () => {
    const answers = new Map([
      ['a', deferred<string>()],
      ['b', deferred<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useResource(key, () => answers.get(key!)!.promise),
      { initialProps: { key: null as string | null } },
    );
    expect(result.current.loading).toBe(false);
    rerender({ key: 'a' });
    expect(result.current.loading).toBe(true);
    rerender({ key: 'b' });
    await act(async () => answers.get('a')!.resolve('old'));
    expect(result.current.data).toBeUndefined();
    await act(async () => answers.get('b')!.resolve('new'));
    await waitFor(() => expect(result.current.data).toBe('new'));
  });

  it('reports a failure and loads again on reload', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useResource('k', () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(2))),
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(result.current.error).toBeUndefined();
  });

  it('with recent answers, a page mounted again shows the last answer of its key at once, then the new one', async () => {
    const recent = new RecentAnswers(2);
    const first = renderHook(() => useResource('roles:1', () => Promise.resolve(['old']), recent));
    await waitFor(() => expect(first.result.current.data).toEqual(['old']));
    first.unmount();

    const fresh = deferred<string[]>();
    const again = renderHook(() => useResource('roles:1', () => fresh.promise, recent));
    expect(again.result.current).toMatchObject({ data: ['old'], loading: false });
    await act(async () => fresh.resolve(['new']));
    await waitFor(() => expect(again.result.current.data).toEqual(['new']));

    // Another key has nothing to stand in with; the oldest answers go past the limit.
    const other = renderHook(() => useResource('roles:2', () => deferred<string[]>().promise, recent));
    expect(other.result.current).toMatchObject({ data: undefined, loading: true });
    recent.set('roles:3', ['x']);
    recent.set('roles:4', ['y']);
    expect(recent.get('roles:1')).toBeUndefined();
    expect(recent.get('roles:4')).toEqual({ data: ['y'] });
  });
});
