import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enErrors from '@gp/i18n/locales/en/errors.json';
import { ListPagination } from './list-pagination.tsx';
import { useListPage } from './use-list-page.ts';

afterEach(cleanup);

interface Filters {
  page: number;
}
const toSearch = (f: Filters) => new URLSearchParams(f.page > 1 ? { page: String(f.page) } : {});

async function renderList(work: () => Promise<unknown>) {
  const loads: string[] = [];
  function Screen() {
    const { filters, page } = useLoaderData<{
      filters: Filters;
      page: { page_num: number; page_size: number; total: number };
    }>();
    const list = useListPage(toSearch);
    return (
      <>
        <p>page {filters.page}</p>
        <p>{list.busyKey === null ? 'idle' : `busy ${list.busyKey}`}</p>
        <button onClick={() => void list.run(7, work, { done: 'Deleted' })}>Delete 7</button>
        <ListPagination {...list.pagination(page, filters)} totalText={(count) => `${count} rows`} />
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        loader: ({ request }) => {
          const url = new URL(request.url);
          loads.push(url.search);
          const page = Number(url.searchParams.get('page') ?? 1);
          return { filters: { page }, page: { page_num: page, page_size: 10, total: 35 } };
        },
        Component: Screen,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ['/list'] },
  );
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { errors: enErrors } },
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <RouterProvider router={router} />
      </App>
    </I18nextProvider>,
  );
  await screen.findByText('page 1');
  return { loads, router };
}

describe('useListPage', () => {
  it('pages through the URL, so the loader reads the new page', async () => {
    const { loads, router } = await renderList(() => Promise.resolve());
    expect(screen.getByText('35 rows')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('page 3');
    expect(router.state.location.search).toBe('?page=3');
    expect(loads).toEqual(['', '?page=3']);
  });

  it('marks the row busy while its action runs, then says it is done and reloads the rows', async () => {
    let finish: () => void = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { loads } = await renderList(work);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 7' }));
    await screen.findByText('busy 7');
    await act(async () => finish());
    await screen.findByText('Deleted');
    await screen.findByText('idle');
    expect(loads).toEqual(['', '']);
  });

  it('shows a failed action with the console error text and does not reload', async () => {
    const { loads } = await renderList(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 7' }));
    await screen.findByText(enErrors.common.network);
    await waitFor(() => expect(screen.getByText('idle')).toBeTruthy());
    expect(loads).toEqual(['']);
  });
});
