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
    ['/apple_return_url', 'Signing you in', 'Signing you in'],
  ])('%s is served here with its heading and title', async (path, heading, title) => {
    await renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    // The shell sets the title in an effect, which may run after the heading is found.
    await vi.waitFor(() => expect(document.title).toBe(`${title} | JoyPeak Games`));
  });
});
