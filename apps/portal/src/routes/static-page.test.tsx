import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@gp/i18n/locales/en/static.json';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

vi.mock('../lib/api-client.ts', () => ({ api: tableApi() }));
const { routes } = await import('../app/router.tsx');

afterEach(cleanup);

describe('static pages', () => {
  it.each(['about', 'terms', 'privacy', 'siteinfo', 'tokusyouhou'] as const)(
    '%s shows its title and every section',
    async (page) => {
      await renderApp(routes, `/${page}`);
      expect(await screen.findByRole('heading', { level: 1, name: en[page].title })).toBeTruthy();
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings).toEqual(Object.values(en[page].sections).map((s) => s.heading));
    },
  );

  it('gives long pages a table of contents linking to each section', async () => {
    await renderApp(routes, '/terms');
    const toc = await screen.findByRole('navigation', { name: 'On this page' });
    const first = Object.keys(en.terms.sections)[0]!;
    expect(within(toc).getAllByRole('link')[0]!.getAttribute('href')).toBe(`#${first}`);
    expect(document.getElementById(first)).not.toBeNull();
  });
});
