/**
 * A session that ends while a ticket is open, for the rating: submitting a rating answers -101 and the
 * player goes to the passport login with the ticket as `redirect`, instead of a "not logged in" message.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import { workOrderGrade } from '@gp/contracts/cs';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { alertsText, serviceWorld, sessionEndsMeanwhile } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

const page = 'http://localhost/service/order_detail?work_order_id=8';
const assign = sessionEndsMeanwhile(page, { api, state });

describe('/service/order_detail when the session ends meanwhile', () => {
  it('rating sends the player to the login with the ticket as redirect, with no error shown', async () => {
    await renderApp(routes, '/service/order_detail?work_order_id=8');
    await screen.findByRole('heading', { level: 1, name: 'Ticket 8' });
    state.refuse.set(workOrderGrade, new ApiError(-101, 'service', 200));
    fireEvent.click(screen.getByRole('radio', { name: 'Satisfied' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(
      `http://localhost:8081/login?redirect=${encodeURIComponent(page)}&lang=en`,
    );
    expect(alertsText()).toBe('');
  });
});
