import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import { accessToken, gameLoginSns } from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';

const member = {
  mid: 7,
  user_id: 'demo:pim',
  nick_name: 'pim',
  nickName: 'pim',
  loginType: 9,
  bind_email: null,
  bind_tel: null,
};
const gourl = 'http://localhost:8082/paygame';
const answers = {
  access: (): unknown => ({ access_key: 'ak-1', expires_in: 300 }),
  login: (): unknown => ({ ...member, gourl }),
};
const api = tableApi(
  new Map<CallContract, unknown>([
    [accessToken, () => answers.access()],
    [gameLoginSns, () => answers.login()],
  ]),
);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');
const { pendingSocialLoginKey } = await import('../features/auth/index.ts');

const replace = vi.fn();
const query = 'code=c-1&state=tok-1&iss=http%3A%2F%2Flocalhost%3A8094';
const store = (value: unknown) => sessionStorage.setItem(pendingSocialLoginKey, JSON.stringify(value));
const callsOf = (contract: unknown) => api.call.mock.calls.filter(([c]) => c === contract);

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, replace });
  store({ oauth_token: 'tok-1', channel_type: 9, gourl });
});

afterEach(() => {
  cleanup();
  configure({ reactStrictMode: false });
  vi.unstubAllGlobals();
  replace.mockReset();
  api.call.mockClear();
  sessionStorage.clear();
  forgetUser();
  answers.access = () => ({ access_key: 'ak-1', expires_in: 300 });
  answers.login = () => ({ ...member, gourl });
});

describe('/apple_return_url', () => {
  it('trades the answer for an access key, signs in once (even in StrictMode) and goes on to gourl', async () => {
    configure({ reactStrictMode: true });
    let finish!: () => void;
    answers.login = () => new Promise((resolve) => (finish = () => resolve({ ...member, gourl })));
    await renderApp(routes, `/apple_return_url?${query}`);

    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Signing you in' })).toBeTruthy();
    expect((await within(main).findByRole('status')).textContent).toBe('Finishing your sign-in…');
    await vi.waitFor(() => expect(callsOf(gameLoginSns)).toHaveLength(1));
    finish();

    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(`${gourl}?lang=en`));
    expect(callsOf(accessToken)).toEqual([
      [accessToken, { channel_type: 9, oauth_token: 'tok-1', oauth_verifier: query }],
    ]);
    expect(callsOf(gameLoginSns)).toEqual([
      [gameLoginSns, { channel_type: 9, type: 1, access_key: 'ak-1', gourl }],
    ]);
    expect(sessionStorage.getItem(pendingSocialLoginKey)).toBeNull();
  });

  it('never follows a gourl that is not one of our hosts', async () => {
    answers.login = () => ({ ...member, gourl: 'https://evil.example.com/' });
    await renderApp(routes, `/apple_return_url?${query}`);
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost:8080/?lang=en'));
  });

  it('explains a cancelled or refused sign-in and calls nothing', async () => {
    await renderApp(routes, '/apple_return_url?error=access_denied&state=tok-1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in was cancelled or refused, so you are not logged in.',
    );
    const back = screen.getByRole('link', { name: 'Back to login' });
    expect(back.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(gourl)}`);
    expect(callsOf(accessToken)).toHaveLength(0);
    // Cleared by the screen's effect, which may run just after the alert is painted.
    await vi.waitFor(() => expect(sessionStorage.getItem(pendingSocialLoginKey)).toBeNull());
  });

  it('calls an answer this tab did not start expired', async () => {
    sessionStorage.clear();
    await renderApp(routes, `/apple_return_url?${query}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in has expired. Please start again from the login page.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(callsOf(accessToken)).toHaveLength(0);
  });

  it('calls an answer for another sign-in expired', async () => {
    store({ oauth_token: 'tok-2', channel_type: 9, gourl });
    await renderApp(routes, `/apple_return_url?${query}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in has expired. Please start again from the login page.',
    );
    expect(callsOf(accessToken)).toHaveLength(0);
    // Cleared by the screen's effect, which may run just after the alert is painted.
    await vi.waitFor(() => expect(sessionStorage.getItem(pendingSocialLoginKey)).toBeNull());
  });

  it('shows a refused access key in the visitor language, with the way back to login', async () => {
    answers.login = () => {
      throw new ApiError(-659, 'passport', 200);
    };
    await renderApp(routes, `/apple_return_url?${query}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your login is invalid. Please log in again.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(pendingSocialLoginKey)).toBeNull();
  });

  it('shows a provider refusal from the token exchange', async () => {
    answers.access = () => {
      throw new ApiError(900001, 'passport', 200);
    };
    await renderApp(routes, `/apple_return_url?${query}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Authorization failed. Please log in again.');
    expect(callsOf(gameLoginSns)).toHaveLength(0);
  });

  it('finishes an Apple sign-in whose code came by form POST: the return URL names only the round trip', async () => {
    store({ oauth_token: 'tok-a', channel_type: 1, gourl });
    await renderApp(routes, '/apple_return_url?state=tok-a');
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(`${gourl}?lang=en`));
    expect(callsOf(accessToken)).toEqual([
      [accessToken, { channel_type: 1, oauth_token: 'tok-a', oauth_verifier: 'state=tok-a' }],
    ]);
  });

  it.each([
    ['user_cancelled_authorize', 'The sign-in was cancelled or refused, so you are not logged in.'],
    ['invalid_state', 'This sign-in has expired. Please start again from the login page.'],
    ['invalid_request', 'Apple did not confirm your sign-in, so you are not logged in. Please try again.'],
  ])("explains Apple's error %s and calls nothing", async (error, text) => {
    store({ oauth_token: 'tok-a', channel_type: 1, gourl });
    await renderApp(routes, `/apple_return_url?state=tok-a&error=${error}`);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(callsOf(accessToken)).toHaveLength(0);
  });

  it('names Facebook when it answers with an error other than a cancel', async () => {
    store({ oauth_token: 'tok-f', channel_type: 3, gourl });
    await renderApp(routes, '/apple_return_url?error=server_error&state=tok-f');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Facebook did not confirm your sign-in, so you are not logged in. Please try again.',
    );
  });
});
