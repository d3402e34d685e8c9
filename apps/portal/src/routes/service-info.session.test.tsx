/**
 * A session that ends while the contact details page is open: saving answers -101 and the player goes to the
 * passport login with this page as `redirect` (and comes back to it), instead of a "not logged in" message.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import { contactsSave } from '@gp/contracts/cs';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { alertsText, serviceWorld, sessionEndsMeanwhile } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

const assign = sessionEndsMeanwhile('http://localhost/service/info', { api, state });

describe('/service/info when the session ends meanwhile', () => {
  it('saving sends the player to the login with the page as redirect, with no error shown', async () => {
    await renderApp(routes, '/service/info');
    await screen.findByRole('heading', { level: 1, name: 'Contact details' });
    state.refuse.set(contactsSave, new ApiError(-101, 'service', 200));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mali Suksan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost/service/info')}&lang=en`,
    );
    // The form's live regions stay empty: no "not logged in" message.
    expect(alertsText()).toBe('');
  });
});
