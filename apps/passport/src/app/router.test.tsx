import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

vi.mock('../lib/api-client.ts', () => ({ api: tableApi() }));
const { routes } = await import('./router.tsx');

afterEach(cleanup);

describe('passport routes', () => {
  it.each([
    ['/login', 'Log in to JoyPeak Games', 'Log in'],
    ['/signup', 'Create your JoyPeak Games account', 'Sign up'],
    ['/findpwd', 'Reset your password', 'Reset password'],
  ])('%s is served here with its heading and title', async (path, heading, title) => {
    await renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(document.title).toBe(`${title} | JoyPeak Games`);
  });
});
