import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import { ok, refuse, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import { moduleData, moduleSummary, pageOf, renderContent } from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console's screens are heavy for jsdom on a busy machine: waits get longer than the default. */
const slow = { timeout: 15_000 };

const base = '/komoe/mng/content/module';

async function open(handlers: Parameters<typeof staffServer>[0] = {}) {
  const server = staffServer(
    {
      [`${base}/page`]: () =>
        ok(
          pageOf([
            moduleSummary(),
            moduleSummary({ id: 3, key: 'fans', type: 'fans', title: 'Our fans', sort: 2 }),
          ]),
        ),
      [`${base}/detail`]: () => ok(moduleData()),
      ...handlers,
    },
    staffSession(),
  );
  await renderContent('/content/home-modules');
  await screen.findByRole('heading', { name: cms.module.title }, { timeout: 15_000 });
  return server;
}

const rowOf = (name: string) => within(screen.getByText(name, { selector: 'strong' }).closest('tr')!);

describe('home modules', { timeout: 60_000 }, () => {
  it('lists the sections with what each shows', async () => {
    await open();
    expect(rowOf('Latest news').getByText(cms.moduleType.news)).toBeTruthy();
    expect(rowOf('Our fans').getByText(cms.moduleType.fans)).toBeTruthy();
  });

  it('adds a module with its type, heading in two languages and order', async () => {
    const server = await open({ [`${base}/create_update`]: () => ok(moduleData({ id: 8 })) });
    fireEvent.click(screen.getByRole('button', { name: cms.module.add }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.click(dialog.getByRole('radio', { name: cms.moduleType.games }));
    const headings = dialog.getAllByLabelText(cms.module.heading);
    fireEvent.change(headings[0]!, { target: { value: 'Our games' } });
    fireEvent.click(dialog.getByText('繁體中文'));
    fireEvent.change(headings[4]!, { target: { value: '我們的遊戲' } });
    fireEvent.change(dialog.getByLabelText(cms.form.sort), { target: { value: '3' } });
    fireEvent.click(dialog.getByRole('switch', { name: cms.form.online }));
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    await waitFor(() => expect(server.to(`${base}/create_update`)).toHaveLength(1), slow);
    expect(server.to(`${base}/create_update`)[0]!.body).toEqual({
      type: 'games',
      sort: 3,
      is_online: 0,
      texts: { en: { title: 'Our games' }, zh: { title: '我們的遊戲' } },
    });
  });

  it('a key another module has is shown at the key field', async () => {
    const server = await open({
      [`${base}/create_update`]: () => refuse(-400, { fields: [{ field: 'key', code: 'taken' }] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Latest news' }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    const key = dialog.getByLabelText<HTMLInputElement>(cms.form.key);
    fireEvent.change(key, { target: { value: 'fans' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.save }));
    expect(await dialog.findByText(cms.fieldError.taken, undefined, slow)).toBeTruthy();
    expect(key.value).toBe('fans');
    expect(server.to(`${base}/create_update`)[0]!.body).toMatchObject({ id: 2, key: 'fans', type: 'news' });
  });
});
