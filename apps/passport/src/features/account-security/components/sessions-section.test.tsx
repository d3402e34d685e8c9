import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import {
  userSessionEnd,
  userSessions,
  userSessionsEndOthers,
  type MemberSessionData,
} from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const here: MemberSessionData = {
  id: 'a'.repeat(64),
  browser: 'Chrome',
  os: 'Windows',
  mobile: false,
  ip_masked: '203.0.*.*',
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen: '2026-11-25T09:30:00.000Z',
  current: true,
};
const phone: MemberSessionData = {
  ...here,
  id: 'b'.repeat(64),
  browser: 'Safari',
  os: 'iOS',
  mobile: true,
  ip_masked: null,
  current: false,
};
const unknown: MemberSessionData = { ...phone, id: 'c'.repeat(64), browser: null, os: null };

const state = { list: [] as MemberSessionData[], end: (_: unknown): unknown => null };
const api = tableApi(
  new Map<CallContract, unknown>([
    [userSessions, () => ({ list: state.list })],
    [userSessionEnd, (input: unknown) => state.end(input)],
    [
      userSessionsEndOthers,
      () => {
        state.list = state.list.filter((s) => s.current);
        return null;
      },
    ],
  ]),
);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
const { SessionsSection } = await import('./sessions-section.tsx');

beforeEach(() => {
  state.list = [here, phone, unknown];
  state.end = (input) => {
    state.list = state.list.filter((s) => s.id !== (input as { id: string }).id);
    return null;
  };
});
afterEach(() => {
  cleanup();
  api.call.mockClear();
});

describe('SessionsSection', () => {
  it('lists the sessions with their device, masked network and last use, this one marked', async () => {
    await renderApp(<SessionsSection />);
    const list = await screen.findByRole('list', { name: "Where you're logged in" });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'Chrome on WindowsThis device',
      'Safari on iOS',
      'Unknown browser on unknown system',
    ]);
    expect(within(items[0]!).getByText('Network: 203.0.*.*')).toBeTruthy();
    expect(within(items[1]!).getByText('Network: unknown')).toBeTruthy();
    expect(within(items[0]!).getByText(/^Last active: Nov 25, 2026/)).toBeTruthy();
    // This device cannot be logged out from here (the header's "Log out" does that).
    expect(within(items[0]!).queryByRole('button')).toBeNull();
  });

  it('logs out one other device by its id and shows the list again', async () => {
    await renderApp(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out Safari on iOS' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'That device has been logged out.',
    );
    expect(api.call).toHaveBeenCalledWith(userSessionEnd, { id: phone.id });
    expect(screen.queryByRole('button', { name: 'Log out Safari on iOS' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out Unknown browser on unknown system' })).toBeTruthy();
  });

  it('logs out everywhere else, then says there is nowhere else', async () => {
    await renderApp(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out everywhere else' }));
    expect(await screen.findByText("You're not logged in anywhere else.")).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(userSessionsEndOthers, {});
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('All your other devices have been logged out.');
  });

  it('shows a refusal in the language of the page', async () => {
    state.end = () => {
      throw new ApiError(-404, 'passport', 200);
    };
    await renderApp(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out Safari on iOS' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(screen.getByRole('button', { name: 'Log out Safari on iOS' })).toBeTruthy();
  });
});
