/**
 * `HydrateLater` on Preact, which the player builds run on (react is Preact's compat layer in this file, as the
 * build aliases it): a server-rendered page keeps every node, and the wrapped part is taken over in a later task;
 * on React (the other suites) and outside a hydration it renders at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => import('preact/compat'));
vi.mock('react/jsx-runtime', async () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => import('preact/jsx-runtime'));

const { createElement: h, useState } = await import('preact/compat');
const { hydrate, render } = await import('preact');
const { renderToString } = await import('preact-render-to-string');
const { HydrateLater, hydrateFirstScreen } = await import('./hydrate-later.tsx');

const log: string[] = [];

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  log.push(`render ${name}`);
  return h('button', { type: 'button', id: name, onClick: () => setN(n + 1) }, `${name} ${n}`);
}

const page = () =>
  h(
    'div',
    { id: 'page' },
    h(Counter, { name: 'first' }),
    h(HydrateLater, null, h(Counter, { name: 'later' })),
    h('p', null, 'after'),
  );

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('HydrateLater', () => {
  afterEach(() => {
    document.body.replaceChildren();
    log.length = 0;
  });

  it('keeps the server markup and takes the part over in a later task', async () => {
    const root = document.createElement('div');
    const server = renderToString(page());
    root.innerHTML = server;
    document.body.append(root);
    const before = [...root.querySelectorAll('*')];
    log.length = 0;

    hydrateFirstScreen(() => hydrate(page(), root));
    // The first pass took over the rest only; the wrapped part is still the server's markup, on screen.
    expect(log).toEqual(['render first']);
    expect(root.innerHTML).toBe(server);

    await nextTask();
    await nextTask();
    expect(log).toEqual(['render first', 'render later']);
    // Node for node the same DOM, now answering its events.
    expect([...root.querySelectorAll('*')]).toEqual(before);
    expect(before.every((el) => el.isConnected)).toBe(true);
    root.querySelector<HTMLButtonElement>('#later')!.click();
    root.querySelector<HTMLButtonElement>('#first')!.click();
    await nextTask();
    expect(root.querySelector('#later')!.textContent).toBe('later 1');
    expect(root.querySelector('#first')!.textContent).toBe('first 1');
  });

  it('renders at once outside a hydration (a page the browser renders itself)', () => {
    const root = document.createElement('div');
    document.body.append(root);
    render(page(), root);
    expect(log).toEqual(['render first', 'render later']);
    expect(root.querySelector('#later')!.textContent).toBe('later 0');
  });
});
