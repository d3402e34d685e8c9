/** The loader that starts a server-rendered page's scripts after its first paint (`afterPaintLoader`). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintLoader } from './after-paint.ts';

const inert =
  '<script type="gp/after-paint" data-after-paint src="/assets/index-a.js"></script>' +
  Array.from(
    { length: 6 },
    (_, i) => `<link rel="gp-after-paint" data-after-paint href="/assets/c${i}.js">`,
  ).join('');

/** The tags the loader added, as `tag kind url` (jsdom does not reflect `crossOrigin`; the e2e journeys load them). */
const started = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((e) =>
    e instanceof HTMLScriptElement
      ? `script ${e.type} ${e.getAttribute('src')}`
      : `link ${(e as HTMLLinkElement).rel} ${e.getAttribute('href')}`,
  );

describe('afterPaintLoader', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.replaceChildren();
  });

  const run = (head: string) => {
    vi.useFakeTimers();
    // A frame is painted 16 ms after it is asked for.
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f, 16));
    document.head.innerHTML = head;
    new Function(afterPaintLoader)();
  };

  it('starts the entry and its preloads after the first frame, a few per task', () => {
    run(inert);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(16);
    expect(started()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(started()).toEqual([
      'script module /assets/index-a.js',
      'link modulepreload /assets/c0.js',
      'link modulepreload /assets/c1.js',
      'link modulepreload /assets/c2.js',
    ]);
    vi.runAllTimers();
    expect(started()).toHaveLength(7);
  });

  it('waits for the preloaded LCP picture, at most a second', () => {
    const pictures: { src: string; onload: (() => void) | null }[] = [];
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          pictures.push(this);
        }
      },
    );
    run(`<link rel="preload" as="image" href="http://api.test/p.svg">${inert}`);
    vi.advanceTimersByTime(500);
    expect(started()).toEqual([]);
    expect(pictures.map((p) => p.src)).toEqual(['http://api.test/p.svg']);
    pictures[0]!.onload!();
    vi.advanceTimersByTime(100);
    expect(started()).toHaveLength(7);

    document.head.replaceChildren();
    pictures.length = 0;
    run(`<link rel="preload" as="image" href="http://api.test/slow.svg">${inert}`);
    vi.advanceTimersByTime(999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(started()).toHaveLength(7);
  });

  it('leaves a page without inert tags (the plain shell) as it is', () => {
    run('<script type="module" src="/assets/index-a.js"></script>');
    vi.runAllTimers();
    expect(document.head.querySelectorAll('script, link')).toHaveLength(1);
  });
});
