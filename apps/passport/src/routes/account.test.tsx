import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';

const member = {
  mid: 1,
  user_id: 'pim@example.com',
  nick_name: 'pim',
  nickName: 'pim',
  loginType: 0,
  bind_email: 'p***m@example.com',
  bind_tel: null,
};
const state = { user: member as typeof member };
const api = tableApi(new Map([[userInfo, () => state.user]]));
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');
const { loader } = await import('./account.tsx');

afterEach(() => {
  cleanup();
  forgetUser();
});

describe('/account', () => {
  it('shows an account member their masked details and the password form', async () => {
    state.user = member;
    await renderApp(routes, '/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(screen.getByText('p***m@example.com')).toBeTruthy();
    expect(screen.getByText('Not linked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it.each([
    [3, 'Facebook'],
    [9, 'Demo ID'],
  ])('sends a third-party member (loginType %i, %s) home', async (loginType) => {
    state.user = { ...member, loginType };
    const answer = (await loader()) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://localhost:8080/?lang=en');
  });
});
