/** "Problem with this order?": the question form opened from a top-up order, pre-filled for it. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workOrderCreate } from '@gp/contracts/cs';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { callsTo, initialState, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

const fromOrder =
  '/service/question?order_no=GP20260301PAID0000000000001&game_base_id=2&server=Sea%201&role_id=HERO12345&role_name=Mali';

describe('/service/question about an order', () => {
  it('shows the order instead of asking for it, picks the top-up type by its slug and sends the order number', async () => {
    await renderApp(routes, fromOrder);
    const about = await screen.findByRole('region', { name: 'About your order' });
    const facts = Object.fromEntries(
      within(about)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(facts).toEqual({
      'Order number': 'GP20260301PAID0000000000001',
      Game: 'Starfall Legends',
      Server: 'Sea 1',
      Character: 'Mali (HERO12345)',
    });
    // Game and character are not asked: the server takes them from the order.
    expect(screen.queryByLabelText('Game')).toBeNull();
    expect(screen.queryByLabelText('Character ID')).toBeNull();
    const typeSelect = screen.getByLabelText('Question type') as HTMLSelectElement;
    await waitFor(() => expect(typeSelect.value).toBe('2'));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Problem with order GP20260301PAID0000000000001',
    );

    fireEvent.change(screen.getByLabelText('Description'), {
      target: { value: 'I paid and nothing arrived.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByRole('heading', { name: 'Your ticket has been submitted' })).toBeTruthy();
    expect(callsTo(api.call, workOrderCreate)).toEqual([
      expect.objectContaining({
        order_no: 'GP20260301PAID0000000000001',
        game_base_id: 2,
        question_type: 2,
        question_title: 'Problem with order GP20260301PAID0000000000001',
      }),
    ]);
  });

  it('is the ordinary form when the link carries no usable order', async () => {
    await renderApp(routes, '/service/question?order_no=%3Cscript%3E&game_base_id=2');
    expect(await screen.findByLabelText('Game')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'About your order' })).toBeNull();
  });
});
