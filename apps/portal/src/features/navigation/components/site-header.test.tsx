import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { navFallback } from '../api/get-nav-flags.ts';
import { SiteHeader } from './site-header.tsx';

afterEach(cleanup);

const allOn = {
  is_show_cs: 1,
  is_show_fans_group: 1,
  is_show_game: 1,
  is_show_invest: 1,
  is_show_news: 1,
} as const;
const games = [
  {
    game_base_id: 1,
    url: 'https://a.example.com/',
    game_icon: 'http://localhost:8090/upload/media/x.svg',
    game_name: 'Lotus Blade',
  },
];
const fansGroups = [{ url: 'https://c.example.com/lb', group_name: 'Lotus Blade Fan Club' }];

describe('SiteHeader', () => {
  it('shows every menu the flags switch on, with game and fan-group dropdowns', async () => {
    await renderApp(<SiteHeader navigation={{ flags: allOn, games, fansGroups }} />);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'News' })).toBeTruthy();
    expect(within(menu).getByText('Games')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Lotus Blade' }).getAttribute('href')).toBe(
      'https://a.example.com/',
    );
    expect(within(menu).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      'http://localhost:8082/paygame/',
    );
    expect(within(menu).getByRole('link', { name: 'Lotus Blade Fan Club' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Customer service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      'http://localhost:8081/login',
    );
  });

  it('hides what the flags switch off', async () => {
    await renderApp(
      <SiteHeader
        navigation={{ flags: { ...allOn, is_show_news: 0, is_show_game: 0 }, games, fansGroups }}
      />,
    );
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'News' })).toBeNull();
    expect(within(menu).queryByText('Games')).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Top up' })).toBeTruthy();
  });

  it('still offers customer service when the nav call failed', async () => {
    await renderApp(<SiteHeader navigation={{ flags: navFallback, games: [], fansGroups: [] }} />);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Customer service']);
  });
});
