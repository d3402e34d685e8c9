import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import cms from '@gp/i18n/locales/en/cms.json';
import { ok, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import { articleSummary, pageOf, renderContent } from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console's screens are heavy for jsdom on a busy machine: waits get longer than the default. */
const slow = { timeout: 15_000 };

describe('news list', { timeout: 60_000 }, () => {
  it('lists news with status, pin, languages and local times', async () => {
    staffServer(
      {
        '/komoe/mng/content/news/page': () =>
          ok(
            pageOf([
              articleSummary({ pinned: 1 }),
              articleSummary({ id: 6, title: 'Maintenance tonight', status: 'scheduled', languages: ['en'] }),
            ]),
          ),
      },
      staffSession(),
    );
    await renderContent('/content/news');
    await screen.findByRole('heading', { name: cms.news.title }, slow);
    const table = within(screen.getByRole('table'));
    const first = within(table.getByRole('link', { name: 'Spring update' }).closest('tr')!);
    expect(first.getByText(cms.list.pinned)).toBeTruthy();
    expect(first.getByText(cms.status.published)).toBeTruthy();
    expect(first.getByText(cms.category.update)).toBeTruthy();
    expect(first.getByText('Missing: CN, VI, ZH')).toBeTruthy();
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date('2026-03-01T08:00:00.000Z'),
    );
    expect(first.getAllByText(local).length).toBeGreaterThan(0);
    const second = within(table.getByRole('link', { name: 'Maintenance tonight' }).closest('tr')!);
    expect(second.getByText(cms.status.scheduled)).toBeTruthy();
    expect(second.queryByText(cms.list.pinned)).toBeNull();
    expect(table.getByRole('link', { name: 'Edit Spring update' }).getAttribute('href')).toBe(
      '/content/news/5',
    );
  });

  it('filters by status, category, missing language and keyword through the URL', async () => {
    const server = staffServer(
      { '/komoe/mng/content/news/page': () => ok(pageOf([articleSummary()], 45)) },
      staffSession(),
    );
    const { router } = await renderContent('/content/news?page=2&status=nonsense');
    await screen.findByRole('heading', { name: cms.news.title }, slow);
    const first = server.to('/komoe/mng/content/news/page')[0]!.query;
    expect(first.get('page_num')).toBe('2');
    // A status the contract does not know is dropped rather than refused by the server.
    expect(first.has('status')).toBe(false);

    fireEvent.mouseDown(screen.getByLabelText(cms.list.status));
    fireEvent.click(await screen.findByTitle(cms.status.draft, undefined, slow));
    fireEvent.mouseDown(screen.getByLabelText(cms.article.category));
    fireEvent.click(await screen.findByTitle(cms.category.maintenance, undefined, slow));
    fireEvent.mouseDown(screen.getByLabelText(cms.list.missingLang));
    // The header's language switch offers ไทย too: the list just opened is the last one.
    fireEvent.click((await screen.findAllByTitle('ไทย', undefined, slow)).at(-1)!);
    fireEvent.change(screen.getByLabelText(cms.list.keyword), { target: { value: ' spring ' } });
    fireEvent.click(screen.getByRole('button', { name: cms.list.apply }));

    await waitFor(() => expect(server.to('/komoe/mng/content/news/page')).toHaveLength(2), slow);
    const query = server.to('/komoe/mng/content/news/page')[1]!.query;
    expect(query.get('status')).toBe('draft');
    expect(query.get('category')).toBe('maintenance');
    expect(query.get('missing_lang')).toBe('th');
    expect(query.get('keyword')).toBe('spring');
    expect(query.get('page_num')).toBe('1');
    expect(router.state.location.search).toBe('?status=draft&category=maintenance&missing_lang=th&q=spring');
  });

  it('asks before deleting, naming the item, and deletes only after yes', async () => {
    const server = staffServer(
      {
        '/komoe/mng/content/news/page': () => ok(pageOf([articleSummary()])),
        '/komoe/mng/content/news/delete': () => ok(null),
      },
      staffSession(),
    );
    await renderContent('/content/news');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spring update' }, slow));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    expect(dialog.getAllByText('Delete Spring update?').length).toBeGreaterThan(0);
    expect(dialog.getByText(cms.delete.articleConfirm)).toBeTruthy();
    expect(server.to('/komoe/mng/content/news/delete')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: cms.actions.delete }));
    await waitFor(() => expect(server.to('/komoe/mng/content/news/delete')).toHaveLength(1), slow);
    expect(server.to('/komoe/mng/content/news/delete')[0]!.body).toEqual({ id: 5 });
    await waitFor(() => expect(server.to('/komoe/mng/content/news/page')).toHaveLength(2), slow);
  });

  it('is behind the content privilege: 403 and no call without it, and no menu entries', async () => {
    const server = staffServer({}, staffSession({ privileges: ['tickets.read'], privilege_ids: [1] }));
    await renderContent('/content/news');
    expect(await screen.findByText(admin.access.deniedTitle, undefined, slow)).toBeTruthy();
    expect(server.to('/komoe/mng/content/news/page')).toHaveLength(0);
    const menu = within(screen.getByRole('navigation', { name: admin.console.menu }));
    expect(menu.queryByRole('link', { name: cms.news.title })).toBeNull();
  });

  it('lists every content screen in the menu for an editor, and / opens the news', async () => {
    staffServer(
      { '/komoe/mng/content/news/page': () => ok(pageOf([])) },
      staffSession({ privileges: ['content'], privilege_ids: [6] }),
    );
    const { router } = await renderContent('/');
    await screen.findByRole('heading', { name: cms.news.title }, slow);
    expect(router.state.location.pathname).toBe('/content/news');
    const menu = within(screen.getByRole('navigation', { name: admin.console.menu }));
    for (const name of [
      cms.news.title,
      cms.activity.title,
      cms.banner.title,
      cms.recommend.title,
      cms.module.title,
      cms.fansGroup.title,
      cms.nav.title,
    ])
      expect(menu.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByText(cms.list.empty)).toBeTruthy();
  });
});
