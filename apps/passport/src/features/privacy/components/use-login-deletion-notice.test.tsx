import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import { privacyStatus, type PrivacyStatusData } from '@gp/contracts/privacy';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const state = { justCancelled: 0 as 0 | 1 };
const api = tableApi(
  new Map<CallContract, unknown>([
    [
      privacyStatus,
      (): PrivacyStatusData => ({
        deletion: null,
        just_cancelled_by_login: state.justCancelled,
        grace_days: 14,
        proof: { password: 1, passkey: 0, email: null },
        export_allowed_until: null,
      }),
    ],
  ]),
);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
const { useLoginDeletionNotice } = await import('./use-login-deletion-notice.tsx');

function LoggedIn() {
  const deletion = useLoginDeletionNotice();
  return (
    <>
      {deletion.notice}
      <button type="button" onClick={() => void deletion.continueTo('http://localhost:8080/')}>
        Done
      </button>
    </>
  );
}

const assign = vi.fn();
beforeEach(() => {
  assign.mockClear();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the login page after a login', () => {
  it('moves on at once when no deletion was cancelled', async () => {
    state.justCancelled = 0;
    await renderApp(<LoggedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:8080/'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells the player their deletion was cancelled, then lets them continue', async () => {
    state.justCancelled = 1;
    await renderApp(<LoggedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('status')).textContent).toContain('your account will not be deleted');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      'http://localhost:8080/',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
