import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paySwitch } from '@gp/contracts/pay';
import { renderApp } from '@gp/ui/testing';

const call = vi.fn();
vi.mock('../lib/api-client.ts', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  call.mockReset();
});

const games = [
  {
    game_base_id: 1,
    url: 'u',
    game_icon: 'http://localhost:8090/upload/media/a.svg',
    game_name: 'Lotus Blade',
  },
];

describe('/paygame/', () => {
  it('lists the games while top-up is open, asking for region 5', async () => {
    call.mockImplementation(async (c) => (c === paySwitch ? { main_switch_status: 1 } : games));
    await renderApp(routes, '/paygame/');
    expect(await screen.findByText('Lotus Blade')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(paySwitch, { distribution_region: 5 });
  });

  it('says top-up is unavailable when the main switch is off', async () => {
    call.mockImplementation(async (c) => (c === paySwitch ? { main_switch_status: 0 } : games));
    await renderApp(routes, '/paygame/');
    expect((await screen.findByRole('status')).textContent).toMatch(/temporarily unavailable/);
    expect(screen.queryByText('Lotus Blade')).toBeNull();
  });

  it('sends unknown paths to the top-up page', async () => {
    call.mockImplementation(async (c) => (c === paySwitch ? { main_switch_status: 1 } : games));
    const { router } = await renderApp(routes, '/elsewhere');
    await screen.findByText('Lotus Blade');
    expect(router.state.location.pathname).toBe('/paygame/');
  });
});
