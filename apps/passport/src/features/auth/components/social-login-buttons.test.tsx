import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import { requestToken } from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const state: { answer: (input: unknown) => unknown } = { answer: () => undefined };
const api = tableApi(new Map([[requestToken, (input: unknown) => state.answer(input)]]));
vi.mock('../../../lib/api-client.ts', () => ({ api }));
const { SocialLoginButtons } = await import('./social-login-buttons.tsx');
const { pendingSocialLoginKey } = await import('../model/pending-social-login.ts');

const assign = vi.fn();
const gourl = 'http://localhost:8082/paygame';
const granted = {
  oauth_token: 'tok-1',
  authorize_url: 'http://localhost:8094/authorize?state=tok-1',
  expires_in: 600,
};

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assign.mockReset();
  api.call.mockClear();
  sessionStorage.clear();
});

describe('SocialLoginButtons', () => {
  it('offers one button per provider, in order, named with the brand', async () => {
    await renderApp(<SocialLoginButtons providers={['google', 'apple', 'demo']} returnTo={gourl} />);
    const group = await screen.findByRole('group', { name: 'Or continue with' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Continue with Google', 'Continue with Apple', 'Continue with Demo ID']);
    expect(within(group).getByRole('button', { name: 'Continue with Google' }).textContent).toBe('Google');
  });

  it('shows nothing when the build offers no provider', async () => {
    const { container } = await renderApp(<SocialLoginButtons providers={[]} returnTo={gourl} />);
    expect(container.querySelector('[role="group"]')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for a sign-in to our return point, keeps it for the return and leaves for the provider', async () => {
    let answer!: (v: typeof granted) => void;
    state.answer = () => new Promise((resolve) => (answer = resolve));
    await renderApp(<SocialLoginButtons providers={['google', 'demo']} returnTo={gourl} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Demo ID' }));

    // While the API answers: this button is busy, the other one waits.
    const busy = await screen.findByRole('button', { name: 'Connecting to Demo ID…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled')).toBe(true);
    expect(api.call).toHaveBeenCalledWith(requestToken, {
      channel_type: 9,
      oauth_callback: 'http://localhost:8081/apple_return_url',
    });
    fireEvent.click(busy);
    expect(api.call).toHaveBeenCalledTimes(1);

    answer(granted);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(granted.authorize_url));
    expect(JSON.parse(sessionStorage.getItem(pendingSocialLoginKey) ?? 'null')).toEqual({
      oauth_token: 'tok-1',
      channel_type: 9,
      gourl,
    });
  });

  it('shows a refusal in the visitor language and lets them try again', async () => {
    state.answer = () => {
      throw new ApiError(-111, 'passport', 200);
    };
    await renderApp(<SocialLoginButtons providers={['google']} returnTo={gourl} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This action can't be done from here. Please refresh the page and try again.",
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(pendingSocialLoginKey)).toBeNull();
  });

  it('shows the network message when the API cannot be reached', async () => {
    state.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderApp(<SocialLoginButtons providers={['apple']} returnTo={gourl} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Apple' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it('never leaves for an address that is not a web page', async () => {
    state.answer = () => ({ ...granted, authorize_url: 'javascript:alert(1)' });
    await renderApp(<SocialLoginButtons providers={['demo']} returnTo={gourl} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Demo ID' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
