import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { ok, refuse, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import { renderContent } from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console's screens are heavy for jsdom on a busy machine: waits get longer than the default. */
const slow = { timeout: 15_000 };

const flags = { is_show_cs: 1, is_show_fans_group: 0, is_show_game: 1, is_show_invest: 1, is_show_news: 1 };

describe('portal menu flags', { timeout: 60_000 }, () => {
  it('shows the five flags with their explanations and saves all five', async () => {
    const server = staffServer(
      {
        '/komoe/mng/content/nav/detail': () => ok(flags),
        '/komoe/mng/content/nav/save': (r) => ok(r.body),
      },
      staffSession(),
    );
    await renderContent('/content/menu');
    await screen.findByRole('heading', { name: cms.nav.title }, { timeout: 15_000 });
    const fans = screen.getByRole('switch', { name: cms.nav.flag.fans_group });
    expect(fans.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: cms.nav.flag.cs }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(cms.nav.help.cs)).toBeTruthy();
    expect(fans.getAttribute('aria-describedby')).toBe('nav-is_show_fans_group-help');

    fireEvent.click(fans);
    fireEvent.click(screen.getByRole('switch', { name: cms.nav.flag.invest }));
    expect(screen.getByText(cms.nav.unsaved)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    await waitFor(() => expect(server.to('/komoe/mng/content/nav/save')).toHaveLength(1), slow);
    expect(server.to('/komoe/mng/content/nav/save')[0]!.body).toEqual({
      ...flags,
      is_show_fans_group: 1,
      is_show_invest: 0,
    });
    expect(await screen.findByText(cms.nav.saved, undefined, slow)).toBeTruthy();
    expect(screen.queryByText(cms.nav.unsaved)).toBeNull();
  });

  it('a failed save says why and keeps the switches as set', async () => {
    staffServer(
      {
        '/komoe/mng/content/nav/detail': () => ok(flags),
        '/komoe/mng/content/nav/save': () => refuse(-500),
      },
      staffSession(),
    );
    await renderContent('/content/menu');
    await screen.findByRole('heading', { name: cms.nav.title }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('switch', { name: cms.nav.flag.news }));
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    expect(await screen.findByText(errors.common.serverError, undefined, slow)).toBeTruthy();
    expect(screen.getByRole('switch', { name: cms.nav.flag.news }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });
});
