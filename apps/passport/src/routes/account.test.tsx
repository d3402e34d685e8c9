import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import { userInfo, userSessions } from '@gp/contracts/passport';
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
const api = tableApi(
  new Map<CallContract, unknown>([
    [userInfo, () => state.user],
    [userSessions, { list: [] }],
  ]),
);
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

  it('offers to change the linked e-mail and shows where the member is logged in', async () => {
    state.user = member;
    await renderApp(routes, '/account');
    expect(await screen.findByRole('form', { name: 'Change your e-mail' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Link a phone number' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: "Where you're logged in" })).toBeTruthy();
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
