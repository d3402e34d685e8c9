import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paySwitch } from '@gp/contracts/pay';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const state = { open: 1 };
const api = tableApi(new Map([[paySwitch, () => ({ main_switch_status: state.open })]]));
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
});

describe('/paygame/', () => {
  it('lists the games while top-up is open, asking for region 5', async () => {
    state.open = 1;
    await renderApp(routes, '/paygame/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up game credit' })).toBeTruthy();
    expect(screen.getAllByText('Lotus Blade').length).toBeGreaterThan(0);
    expect(api.call).toHaveBeenCalledWith(paySwitch, { distribution_region: 5 });
  });

  it('says top-up is unavailable when the main switch is off', async () => {
    state.open = 0;
    await renderApp(routes, '/paygame/');
    expect((await screen.findByRole('status')).textContent).toMatch(/temporarily unavailable/);
  });
});
