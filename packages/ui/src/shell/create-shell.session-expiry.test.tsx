import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '@gp/api-client';
import { localHosts } from '@gp/config';
import type { CallContract } from '@gp/contracts';
import { userInfo } from '@gp/contracts/passport';
import { homeNavList } from '@gp/contracts/web';
import { renderApp } from '../testing.tsx';
import { createShellRoutes } from './create-shell.tsx';
import { forgetUser } from './session.ts';

afterEach(() => {
  cleanup();
  forgetUser();
});

const member = { mid: 1, user_id: 'mali@example.com', nick_name: 'Mali', nickName: 'Mali', loginType: 0 };

/** The shell's own calls answer as for a member whose session was still alive a moment ago. */
const api = {
  call: vi.fn(async (contract: CallContract) => {
    if (contract === homeNavList) return { is_show_cs: 1 };
    if (contract === userInfo) return member;
    throw new Error(`unexpected call ${contract.path}`);
  }),
} as unknown as ApiClient;

function openWith(path: string, failure: Error) {
  const leave = vi.fn();
  const screenModule = async () => ({
    loader: async () => {
      throw failure;
    },
    default: () => <h1>Tickets</h1>,
  });
  const routes = createShellRoutes({
    host: 'portal',
    hosts: localHosts(),
    api,
    device: () => 'desktop',
    leave,
    screens: { serviceHistory: screenModule, news: screenModule },
  });
  return { leave, view: renderApp(routes, path) };
}

describe('a session that ends while the player is on the site', () => {
  it('a login-only page whose data answers -101 leaves for the login with the page as redirect', async () => {
    const { leave } = openWith('/service/history?status=1', new ApiError(-101, 'service', 200));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(leave).toHaveBeenCalledWith(
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost/service/history?status=1')}&lang=en`,
    );
  });

  it('another failure still shows its message, and a public page is not sent to the login', async () => {
    const { leave } = openWith('/news', new ApiError(-101, 'common', 200));
    await screen.findByRole('alert');
    expect(leave).not.toHaveBeenCalled();
  });
});
