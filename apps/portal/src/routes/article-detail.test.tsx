import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import { activityDetail, newsDetail } from '@gp/contracts/web';
import { codes } from '@gp/errors';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { activityItem, detailOf, newsItem } from '../testing/content-fixtures.ts';

const validToken = '1900000000.good-signature';
const notFound = () => {
  throw new ApiError(codes.notFound, 'common', 200);
};

/** News 3 is published; news 15 is a draft the API shows only with the valid token. Activity 17 runs. */
const defaults = (): [CallContract, unknown][] => [
  [
    newsDetail,
    (input: { news_id: number; preview_token?: string }) => {
      if (input.news_id === 3)
        return detailOf(newsItem(3, { title: 'Season 3 is live', category: 'update' }));
      if (input.news_id === 15 && input.preview_token === validToken)
        return detailOf(newsItem(15, { title: 'Draft: Lunar New Year', category: 'event' }), {
          preview: true,
        });
      return notFound();
    },
  ],
  [
    activityDetail,
    (input: { activity_id: number; preview_token?: string }) =>
      input.activity_id === 17 ? detailOf(activityItem(17, { title: 'Raid Rush' })) : notFound(),
  ],
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
  document.head.querySelectorAll('meta[name="robots"], meta[name="referrer"]').forEach((m) => m.remove());
});

const detailCalls = () => api.call.mock.calls.filter(([c]) => c === newsDetail || c === activityDetail);

describe('news detail', () => {
  it('shows title, category, date, cover and the sanitized body, with the way back to the list', async () => {
    await renderApp(routes, '/news-detail/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Season 3 is live' })).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(newsDetail, { news_id: 3 });
    const article = screen.getByRole('article');
    expect(within(article).getByText('Update')).toBeTruthy();
    expect(within(article).getByText('Nov 18, 2026').getAttribute('datetime')).toBe(
      '2026-11-18T12:00:00.000Z',
    );
    expect(within(article).getByText('Body of Season 3 is live')).toBeTruthy();
    expect(within(article).getByRole('heading', { level: 2, name: 'Details' })).toBeTruthy();
    const cover = within(article).getByRole('presentation');
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['800', '450']);
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(
      within(article)
        .getAllByRole('link', { name: /Back to news/ })
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/news', '/news']);
    expect(screen.queryByText('Preview — not published yet')).toBeNull();
  });

  it('answers an unknown or unpublished id with a not-found page that leads to the list', async () => {
    await renderApp(routes, '/news-detail/15');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this news item" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all news' }).getAttribute('href')).toBe('/news');
    // The chrome stays: this is a page of the site, not a crash.
    expect(screen.getByRole('link', { name: 'JoyPeak Games home' })).toBeTruthy();
  });

  it('does not ask the API about an id that cannot exist', async () => {
    await renderApp(routes, '/news-detail/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this news item" }),
    ).toBeTruthy();
    expect(detailCalls()).toEqual([]);
  });

  it('shows the error page for failures other than not found', async () => {
    answers.set(newsDetail, () => {
      throw new ApiError(codes.serverError, 'common', 500);
    });
    await renderApp(routes, '/news-detail/3');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Something went wrong/);
  });

  it('uses the H5 cover and links on the H5 twin', async () => {
    await renderApp(
      createPortalRoutes(() => 'phone'),
      '/news-detail/h5/3',
    );
    await screen.findByRole('heading', { level: 1, name: 'Season 3 is live' });
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('width')).toBe('640');
    expect(screen.getAllByRole('link', { name: /Back to news/ })[0]!.getAttribute('href')).toBe('/news/h5');
  });
});

describe('news preview (pre-detail)', () => {
  it('shows the draft with a preview notice when the token is valid, and keeps it out of search engines', async () => {
    await renderApp(routes, `/news-pre-detail/15?token=${encodeURIComponent(validToken)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft: Lunar New Year' })).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(newsDetail, { news_id: 15, preview_token: validToken });
    const notice = screen.getByRole('note', { name: 'Preview — not published yet' });
    expect(notice.textContent).toMatch(/Only people with this link/);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
  });

  it('is not found without a token, without asking the API', async () => {
    await renderApp(routes, '/news-pre-detail/15');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this news item" }),
    ).toBeTruthy();
    expect(detailCalls()).toEqual([]);
  });

  it('is not found with an expired or forged token', async () => {
    await renderApp(routes, '/news-pre-detail/15?token=1700000000.expired');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this news item" }),
    ).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(newsDetail, { news_id: 15, preview_token: '1700000000.expired' });
    expect(screen.queryByText('Preview — not published yet')).toBeNull();
  });

  it('works on the H5 twin too', async () => {
    await renderApp(
      createPortalRoutes(() => 'phone'),
      `/news-pre-detail/h5/15?token=${validToken}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft: Lunar New Year' })).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Preview — not published yet' })).toBeTruthy();
  });
});

describe('activity detail', () => {
  it('shows the period with times in the reader zone and the status, and leads back to events', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00Z'), shouldAdvanceTime: true });
    try {
      await renderApp(routes, '/active-detail/17');
      expect(await screen.findByRole('heading', { level: 1, name: 'Raid Rush' })).toBeTruthy();
      expect(api.call).toHaveBeenCalledWith(activityDetail, { activity_id: 17 });
      const article = screen.getByRole('article');
      expect(within(article).getByText('Upcoming')).toBeTruthy();
      const period = within(article)
        .getByText(/Event period:/)
        .querySelector('time')!;
      expect(period.getAttribute('datetime')).toBe('2026-12-02T02:00:00.000Z/2026-12-15T15:59:00.000Z');
      expect(period.textContent).toMatch(/Dec 2, 2026.*\d:\d\d.*Dec 15, 2026/);
      expect(
        within(article)
          .getAllByRole('link', { name: /Back to events/ })[0]!
          .getAttribute('href'),
      ).toBe('/active');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has its own not-found page, and its previews need a token too', async () => {
    await renderApp(routes, '/active-detail/3');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this event" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all events' }).getAttribute('href')).toBe('/active');
    cleanup();
    api.call.mockClear();

    await renderApp(routes, '/active-pre-detail/17');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find this event" }),
    ).toBeTruthy();
    expect(detailCalls()).toEqual([]);
    cleanup();

    await renderApp(routes, '/active-pre-detail/17?token=t0k');
    expect(await screen.findByRole('heading', { level: 1, name: 'Raid Rush' })).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(activityDetail, { activity_id: 17, preview_token: 't0k' });
  });
});
