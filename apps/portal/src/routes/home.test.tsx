import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import {
  activityPage,
  fansGroupList,
  homeBanner,
  homeGameRecommend,
  homeModuleList,
  newsTop,
} from '@gp/contracts/web';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import {
  activityItem,
  banners,
  modules,
  newsItem,
  pageOf,
  recommended,
} from '../testing/content-fixtures.ts';

const fans = [
  { url: 'https://community.example.com/sfl', group_name: 'Starfall Legends Community' },
  { url: 'https://community.example.com/lb', group_name: 'Lotus Blade Fan Club' },
];
const defaults = (): [CallContract, unknown][] => [
  [homeBanner, banners],
  [homeModuleList, modules],
  [homeGameRecommend, recommended],
  [newsTop, [newsItem(3, { pinned: 1, title: 'Season 3 is live' }), newsItem(4), newsItem(1)]],
  [activityPage, pageOf((id) => activityItem(id), 3, 1, 3)],
  [fansGroupList, fans],
];
const answers = new Map<CallContract, unknown>(defaults());
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes, createPortalRoutes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  answers.clear();
  for (const [contract, answer] of defaults()) answers.set(contract, answer);
});

const h2s = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const section = (name: string) => screen.getByRole('region', { name });

describe('home (desktop)', () => {
  it('shows the banners, then the server modules in its order under its titles', async () => {
    await renderApp(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Play, top up and get help in one place' }),
    ).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Highlights' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Season 3 is live' });
    await waitFor(() =>
      expect(h2s()).toEqual(['Our games', 'Latest news', 'Events & campaigns', 'Join the community']),
    );
    expect(api.call).toHaveBeenCalledWith(newsTop, { size: 5 });
    expect(api.call).toHaveBeenCalledWith(activityPage, { page_num: 1, page_size: 3 });
  });

  it('recommends games with icon, name, tagline and description, linking to their sites in a new tab', async () => {
    await renderApp(routes, '/');
    const games = await screen.findByRole('region', { name: 'Our games' });
    const link = await within(games).findByRole('link', { name: 'Starfall Legends' });
    expect(link.getAttribute('href')).toBe('https://starfall.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Opens in a new tab',
    );
    expect(within(games).getByText('Lead your heroes across a shattered galaxy')).toBeTruthy();
    expect(within(games).getByText('A space-fantasy RPG.')).toBeTruthy();
    const icon = within(games).getAllByRole('presentation')[0]!;
    expect([icon.getAttribute('width'), icon.getAttribute('loading')]).toEqual(['88', 'lazy']);
  });

  it('lists top news and current events, each linking to its page, and to the full lists', async () => {
    await renderApp(routes, '/');
    await screen.findByRole('link', { name: 'Season 3 is live' });
    const news = section('Latest news');
    expect(within(news).getByRole('link', { name: 'Season 3 is live' }).getAttribute('href')).toBe(
      '/news-detail/3',
    );
    expect(within(news).getByText('Pinned')).toBeTruthy();
    expect(
      within(news)
        .getByRole('link', { name: /All news/ })
        .getAttribute('href'),
    ).toBe('/news');

    const events = section('Events & campaigns');
    // Sections load independently: news being there says nothing about events.
    expect((await within(events).findByRole('link', { name: 'Activity 1' })).getAttribute('href')).toBe(
      '/active-detail/1',
    );
    expect(within(events).getAllByText('Campaign').length).toBe(3);
    expect(
      within(events)
        .getByRole('link', { name: /All events/ })
        .getAttribute('href'),
    ).toBe('/active');
    // Covers below the fold wait until they are near.
    for (const img of within(events).getAllByRole('presentation'))
      expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('links the fan groups', async () => {
    await renderApp(routes, '/');
    const community = await screen.findByRole('region', { name: 'Join the community' });
    expect(
      (await within(community).findByRole('link', { name: 'Lotus Blade Fan Club' })).getAttribute('href'),
    ).toBe('https://community.example.com/lb');
  });

  it('shows every section in the usual order when the module list cannot be loaded', async () => {
    answers.set(homeModuleList, () => {
      throw new NetworkError('offline');
    });
    await renderApp(routes, '/');
    await screen.findByRole('link', { name: 'Season 3 is live' });
    await waitFor(() =>
      expect(h2s()).toEqual(['Latest news', 'Events & campaigns', 'Our games', 'Join the community']),
    );
  });

  it('gives a failing section its own error state and retry, the rest of the page stays', async () => {
    let fail = true;
    answers.set(newsTop, () => {
      if (fail) throw new NetworkError('offline');
      return [newsItem(9, { title: 'Back online' })];
    });
    await renderApp(routes, '/');
    const news = await screen.findByRole('region', { name: 'Latest news' });
    expect(await within(news).findByText("This section couldn't be loaded.")).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Starfall Legends' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(news).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back online' })).toBeTruthy();
  });

  it('shows designed empty states, and the welcome in the banner place without banners', async () => {
    answers.set(homeBanner, []);
    answers.set(newsTop, []);
    answers.set(activityPage, { list: [], total: 0, page_num: 1, page_size: 3 });
    answers.set(fansGroupList, []);
    await renderApp(routes, '/');
    expect(await screen.findByText('No news yet')).toBeTruthy();
    expect(await screen.findByText('No events yet')).toBeTruthy();
    expect(await screen.findByText('No fan groups yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('shows a loading state while a section is on its way', async () => {
    answers.set(newsTop, () => new Promise(() => {}));
    await renderApp(routes, '/');
    const news = await screen.findByRole('region', { name: 'Latest news' });
    expect(within(news).getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByRole('link', { name: 'Starfall Legends' })).toBeTruthy();
  });
});

describe('home (H5)', () => {
  const phone = () => createPortalRoutes(() => 'phone');

  it('leads to news, events, the game list and the fan groups, whose headers have no menu', async () => {
    await renderApp(phone(), '/h5');
    const explore = await screen.findByRole('navigation', { name: 'Explore' });
    expect(
      within(explore)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['News', '/news/h5'],
      ['Events', '/active/h5'],
      ['Games', '/gamelist_h5'],
      ['Fan groups', '/fans_h5'],
    ]);
    const games = await screen.findByRole('region', { name: 'Our games' });
    expect(
      within(games)
        .getByRole('link', { name: /All games/ })
        .getAttribute('href'),
    ).toBe('/gamelist_h5');
  });

  it('uses the H5 artwork and H5 links', async () => {
    await renderApp(phone(), '/h5');
    const carousel = await screen.findByRole('region', { name: 'Highlights' });
    expect(within(carousel).getAllByRole('img')[0]!.getAttribute('src')).toBe(banners[0]!.image_h5.url);
    const news = await screen.findByRole('region', { name: 'Latest news' });
    expect((await within(news).findByRole('link', { name: 'Season 3 is live' })).getAttribute('href')).toBe(
      '/news-detail/h5/3',
    );
  });
});
