/**
 * Loads a route's chunk with a time limit (spec 9: 120 s). A chunk that fails (a deploy replaced it, the
 * network dropped) reloads the page once, which fetches the new index; a second failure shows the error page.
 */
export const chunkTimeoutMs = 120_000;
const reloadFlag = 'gp.chunkReloaded';

export function withTimeout<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  reload: () => void;
}

const browser = (): ReloadEnvironment => ({
  storage: (() => {
    try {
      return window.sessionStorage;
    } catch {
      return undefined;
    }
  })(),
  reload: () => window.location.reload(),
});

export async function loadChunk<T>(
  load: () => Promise<T>,
  env: ReloadEnvironment = browser(),
  ms = chunkTimeoutMs,
): Promise<T> {
  try {
    const module = await withTimeout(load, ms);
    env.storage?.removeItem(reloadFlag);
    return module;
  } catch (error) {
    if (env.storage && !env.storage.getItem(reloadFlag)) {
      env.storage.setItem(reloadFlag, '1');
      env.reload();
      // The page is going away; never settle, so nothing renders an error meanwhile.
      return new Promise<T>(() => {});
    }
    throw error;
  }
}
