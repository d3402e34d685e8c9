import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import { activityPage, newsPage } from '@gp/contracts/web';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { activityItem, newsItem, pageOf } from '../testing/content-fixtures.ts';

interface PageInput {
  page_num: number;
  page_size: number;
  category?: string;
}
/** 23 news items (three pages), 4 activities; a category filter answers with nothing. */
const defaults = (): [CallContract, unknown][] => [
  [
    newsPage,
    (input: PageInput) =>
      input.category === 'maintenance'
        ? { list: [], total: 0, page_num: input.page_num, page_size: input.page_size }
        : pageOf((id) => newsItem(id, { pinned: id === 1 ? 1 : 0 }), 23, input.page_num, input.page_size),
  ],
  [activityPage, (input: PageInput) => pageOf((id) => activityItem(id), 4, input.page_num, input.page_size)],
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

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const pager = () => screen.getByRole('navigation', { name: 'Pages' });

describe('news list', () => {
  it('shows the first ten with category, title, summary and date, the first covers loading at once', async () => {
    await renderApp(routes, '/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    expect(titles()).toEqual(Array.from({ length: 10 }, (_, i) => `News item ${i + 1}`));
    expect(api.call).toHaveBeenCalledWith(newsPage, { page_num: 1, page_size: 10 });
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('Update')).toBeTruthy();
    expect(within(first).getByText('Pinned')).toBeTruthy();
    expect(within(first).getByText('Summary of news item 1')).toBeTruthy();
    expect(within(first).getByText('Nov 18, 2026').tagName).toBe('TIME');
    expect(within(first).getByRole('link', { name: 'News item 1' }).getAttribute('href')).toBe(
      '/news-detail/1',
    );
    const covers = screen.getAllByRole('article').map((a) => within(a).getByRole('presentation'));
    expect(covers.map((c) => c.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      ...Array(8).fill('lazy'),
    ]);
    expect([covers[0]!.getAttribute('width'), covers[0]!.getAttribute('height')]).toEqual(['800', '450']);
  });

  it('pages with ?page=N: numbers, previous and next, the current page marked', async () => {
    await renderApp(routes, '/news?page=2');
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(titles()[0]).toBe('News item 11');
    expect(api.call).toHaveBeenCalledWith(newsPage, { page_num: 2, page_size: 10 });
    const links = within(pager()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['‹ Previous', '/news'],
      ['1', '/news'],
      ['2', '/news?page=2'],
      ['3', '/news?page=3'],
      ['Next ›', '/news?page=3'],
    ]);
    expect(within(pager()).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('has no next link on the last page and follows the links, opening the new page at its top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    await renderApp(routes, '/news');
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(within(pager()).queryByRole('link', { name: /Previous/ })).toBeNull();
    fireEvent.click(within(pager()).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'News item 23' })).toBeTruthy();
    expect(titles()).toHaveLength(3);
    expect(within(pager()).queryByRole('link', { name: /Next/ })).toBeNull();
    expect(scrollTo).toHaveBeenCalledWith(0, 0); // the shell's scroll restoration
    vi.unstubAllGlobals();
  });

  it('reads a bad page number as page 1', async () => {
    await renderApp(routes, '/news?page=abc');
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(api.call).toHaveBeenCalledWith(newsPage, { page_num: 1, page_size: 10 });
  });

  it('filters by category with tabs, keeping the category across pages', async () => {
    await renderApp(routes, '/news?category=update&page=2');
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(api.call).toHaveBeenCalledWith(newsPage, { page_num: 2, page_size: 10, category: 'update' });
    const tabs = screen.getByRole('navigation', { name: 'Categories' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Notice', 'Update', 'Maintenance', 'Event']);
    expect(within(tabs).getByRole('link', { name: 'Update' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/news');
    expect(within(pager()).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/news?category=update&page=3',
    );
  });

  it('ignores a category news does not have', async () => {
    await renderApp(routes, '/news?category=tournament');
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(api.call).toHaveBeenCalledWith(newsPage, { page_num: 1, page_size: 10 });
  });

  it('says so when there is no news, when a category is empty, and past the last page', async () => {
    answers.set(newsPage, { list: [], total: 0, page_num: 1, page_size: 10 });
    await renderApp(routes, '/news');
    expect(await screen.findByText('No news yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    cleanup();

    answers.set(newsPage, defaults()[0]![1]);
    await renderApp(routes, '/news?category=maintenance');
    expect(await screen.findByText('No news in this category yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all categories' }).getAttribute('href')).toBe('/news');
    cleanup();

    await renderApp(routes, '/news?page=9');
    expect(await screen.findByText("There's nothing on this page.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/news');
  });

  it('shows the error page when the list cannot be loaded', async () => {
    answers.set(newsPage, () => {
      throw new NetworkError('offline');
    });
    await renderApp(routes, '/news');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Something went wrong/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('on H5: H5 covers and links, and a compact pager', async () => {
    await renderApp(
      createPortalRoutes(() => 'phone'),
      '/news/h5?page=2',
    );
    await screen.findByRole('heading', { level: 1, name: 'News' });
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/news-detail/h5/11');
    expect(within(first).getByRole('presentation').getAttribute('width')).toBe('640');
    expect(within(pager()).getByText('Page 2 of 3')).toBeTruthy();
    expect(
      within(pager())
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/news/h5', '/news/h5?page=3']);
  });
});

describe('a news list longer than the count cap', () => {
  // The server counts 1000 and says there are more: 2000 items, a page of each however far it is asked.
  const capped = () =>
    answers.set(newsPage, (input: PageInput) => ({
      ...pageOf((id) => newsItem(id), 2000, input.page_num, input.page_size),
      total: 1000,
      total_capped: true,
    }));

  it("pages up to the cap's last page and no further", async () => {
    capped();
    await renderApp(routes, '/news?page=99');
    expect(await screen.findByRole('link', { name: 'News item 981' })).toBeTruthy();
    const links = within(pager()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['‹ Previous', '/news?page=98'],
      ['1', '/news'],
      ['97', '/news?page=97'],
      ['98', '/news?page=98'],
      ['99', '/news?page=99'],
      ['100', '/news?page=100'],
      ['Next ›', '/news?page=100'],
    ]);
    cleanup();
    await renderApp(routes, '/news?page=100');
    expect(await screen.findByRole('link', { name: 'News item 1000' })).toBeTruthy();
    expect(within(pager()).queryByRole('link', { name: /Next/ })).toBeNull();
    expect(within(pager()).queryByRole('link', { name: 'Page 101' })).toBeNull();
  });

  it('on H5: the compact pager counts the pages to the cap', async () => {
    capped();
    await renderApp(
      createPortalRoutes(() => 'phone'),
      '/news/h5?page=100',
    );
    await screen.findByRole('link', { name: 'News item 991' });
    expect(within(pager()).getByText('Page 100 of 100')).toBeTruthy();
    expect(
      within(pager())
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/news/h5?page=99']);
  });
});

describe('activity list', () => {
  it('shows activities with period and status under the Events heading and its own categories', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T00:00:00Z'), shouldAdvanceTime: true });
    try {
      await renderApp(routes, '/active');
      expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();
      expect(api.call).toHaveBeenCalledWith(activityPage, { page_num: 1, page_size: 10 });
      const first = screen.getAllByRole('article')[0]!;
      expect(within(first).getByText('Ongoing')).toBeTruthy();
      expect(within(first).getByText(/Event period:/).textContent).toMatch(/Dec 2.*15, 2026/);
      expect(within(first).getByRole('link').getAttribute('href')).toBe('/active-detail/1');
      const tabs = screen.getByRole('navigation', { name: 'Categories' });
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['All', 'Event', 'Campaign', 'Tournament']);
      expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when there are no events', async () => {
    answers.set(activityPage, { list: [], total: 0, page_num: 1, page_size: 10 });
    await renderApp(routes, '/active');
    expect(await screen.findByText('No events yet')).toBeTruthy();
  });
});
