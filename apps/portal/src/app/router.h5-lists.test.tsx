import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import { fansGroupList, gameList } from '@gp/contracts/web';
import { renderApp } from '@gp/ui/testing';
import { demoGames, tableApi } from '@gp/ui/testing-api';

const fans = [
  { url: 'https://community.example.com/sfl', group_name: 'Starfall Legends Community' },
  { url: 'https://community.example.com/lb', group_name: 'Lotus Blade Fan Club' },
];
const answers = new Map<CallContract, unknown>([[fansGroupList, fans]]);
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { createPortalRoutes } = await import('./router.tsx');
const phone = () => createPortalRoutes(() => 'phone');

afterEach(() => {
  cleanup();
  answers.clear();
  answers.set(fansGroupList, fans);
});

describe('/gamelist_h5', () => {
  it('lists every game with its icon, linking to its site in a new tab', async () => {
    await renderApp(phone(), '/gamelist_h5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Games' })).toBeTruthy();
    const link = within(screen.getByRole('main')).getByRole('link', { name: demoGames[0]!.game_name });
    expect(link.getAttribute('href')).toBe(demoGames[0]!.url);
    expect(link.getAttribute('target')).toBe('_blank');
    const icon = link.querySelector('img')!;
    expect([icon.getAttribute('width'), icon.getAttribute('height')]).toEqual(['96', '96']);
  });

  it('says so when there are no games', async () => {
    answers.set(gameList, []);
    await renderApp(phone(), '/gamelist_h5');
    expect(await screen.findByText('No games are available right now. Please check back soon.')).toBeTruthy();
  });
});

describe('/fans_h5', () => {
  it('lists the fan groups with links', async () => {
    await renderApp(phone(), '/fans_h5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fan groups' })).toBeTruthy();
    const links = within(screen.getByRole('main')).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(
      fans.map((f) => [`${f.group_name}↗`, f.url]),
    );
  });

  it('says so when there are none', async () => {
    answers.set(fansGroupList, []);
    await renderApp(phone(), '/fans_h5');
    expect(await screen.findByText('No fan groups yet')).toBeTruthy();
  });
});
