import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { ok, refuse, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import { fansGroupData, fansGroupSummary, pageOf, renderContent } from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console's screens are heavy for jsdom on a busy machine: waits get longer than the default. */
const slow = { timeout: 15_000 };

const base = '/komoe/mng/content/fans_group';

async function open(handlers: Parameters<typeof staffServer>[0] = {}) {
  const server = staffServer(
    {
      [`${base}/page`]: () => ok(pageOf([fansGroupSummary()])),
      [`${base}/detail`]: () => ok(fansGroupData()),
      ...handlers,
    },
    staffSession(),
  );
  await renderContent('/content/fan-groups');
  await screen.findByRole('heading', { name: cms.fansGroup.title }, { timeout: 15_000 });
  return server;
}

describe('fan groups', { timeout: 60_000 }, () => {
  it('checks the page address on the device, then sends the group', async () => {
    const server = await open({ [`${base}/create_update`]: () => ok(fansGroupData({ id: 7 })) });
    fireEvent.click(screen.getByRole('button', { name: cms.fansGroup.add }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.change(dialog.getAllByLabelText(cms.fansGroup.name)[0]!, { target: { value: 'Sky fans' } });
    const url = dialog.getByLabelText(cms.fansGroup.url);
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    expect(await dialog.findByText(cms.fansGroup.urlRule, undefined, slow)).toBeTruthy();
    expect(server.to(`${base}/create_update`)).toHaveLength(0);

    fireEvent.change(url, { target: { value: 'https://fans.example.com/sky' } });
    fireEvent.change(dialog.getByLabelText(cms.form.slug), { target: { value: 'Sky Fans!' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    expect(await dialog.findByText(cms.form.slugRule, undefined, slow)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(cms.form.slug), { target: { value: 'sky-fans' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    await waitFor(() => expect(server.to(`${base}/create_update`)).toHaveLength(1), slow);
    expect(server.to(`${base}/create_update`)[0]!.body).toEqual({
      slug: 'sky-fans',
      url: 'https://fans.example.com/sky',
      sort: 0,
      is_online: 1,
      texts: { en: { name: 'Sky fans' } },
    });
  });

  it('switching off saves the group as it is with is_online 0; a failure is shown translated', async () => {
    const server = await open({ [`${base}/create_update`]: () => refuse(-401) });
    const row = within(screen.getByText('Lotus fans', { selector: 'strong' }).closest('tr')!);
    fireEvent.click(row.getByRole('switch', { name: 'Show Lotus fans on the portal' }));
    await waitFor(() => expect(server.to(`${base}/create_update`)).toHaveLength(1), slow);
    expect(server.to(`${base}/create_update`)[0]!.body).toEqual({
      id: 4,
      slug: 'lotus-fans',
      url: 'https://fans.example.com/lotus',
      sort: 1,
      is_online: 0,
      texts: { en: { name: 'Lotus fans' } },
    });
    expect(await screen.findByText(errors.common.accessDenied, undefined, slow)).toBeTruthy();
  });
});
