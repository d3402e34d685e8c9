import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { routes } from './router.tsx';

afterEach(cleanup);

describe('passport routes', () => {
  it.each(['/', '/no/such/page'])('%s leads to the login page', async (path) => {
    const { router } = await renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('titles the page from the route table', async () => {
    await renderApp(routes, '/login');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('Log in | JoyPeak Games');
  });
});
