import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderStatus() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { admin, errors, common: {} } }, defaultNS: 'admin' });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={createMemoryRouter(routes)} />
    </I18nextProvider>,
  );
}

describe('status page', () => {
  it('shows the API and database state the API reports', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        code: 0,
        message: 'ok',
        data: { status: 'up', database: { driver: 'postgres', status: 'up', latency_ms: 1.5 } },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderStatus();
    expect(await screen.findAllByText('Running')).toHaveLength(2);
    expect(screen.getByText(/Response time: 1.5 ms/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('http://localhost:8090/healthz', { cache: 'no-store' });
  });

  it('says the service cannot be reached when no API host answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderStatus();
    expect(await screen.findByText(errors.common.network)).toBeTruthy();
  });
});
