import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import { imgCaptcha, requestToken } from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import type { LoginState } from './login.tsx';

const granted = { oauth_token: 'tok-1', authorize_url: 'http://localhost:8094/authorize', expires_in: 600 };
const api = tableApi(
  new Map<CallContract, unknown>([
    [imgCaptcha, { img_token: 'img-1', image: 'data:image/svg+xml,<svg/>', expires_in: 120 }],
    [requestToken, granted],
  ]),
);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');
const { pendingSocialLoginKey } = await import('../features/auth/index.ts');

const assign = vi.fn();

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/login social sign-in', () => {
  it('offers the providers of this build (Demo ID locally) and returns to where the login was asked for', async () => {
    const redirect = 'http://localhost:8082/paygame';
    await renderApp(routes, `/login?redirect=${encodeURIComponent(redirect)}`);
    expect(await screen.findByRole('group', { name: 'Or continue with' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Demo ID' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(granted.authorize_url));
    expect(JSON.parse(sessionStorage.getItem(pendingSocialLoginKey) ?? 'null')).toEqual({
      oauth_token: 'tok-1',
      channel_type: 9,
      gourl: `${redirect}?lang=en`,
    });
  });
});

describe('/login after sign-up', () => {
  it('starts with the account sign-up hands over in the history state, never in the address', async () => {
    const { router } = await renderApp(routes, '/signup?redirect=x');
    await screen.findByRole('heading', { level: 1, name: 'Create your JoyPeak Games account' });
    await router.navigate('/login?redirect=x', { state: { account: '66812345678' } satisfies LoginState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to JoyPeak Games' })).toBeTruthy();
    expect((screen.getByLabelText('E-mail or phone number') as HTMLInputElement).value).toBe('66812345678');
    expect(router.state.location.search).toBe('?redirect=x');
  });

  it('starts empty otherwise', async () => {
    await renderApp(routes, '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in to JoyPeak Games' });
    expect((screen.getByLabelText('E-mail or phone number') as HTMLInputElement).value).toBe('');
  });
});
