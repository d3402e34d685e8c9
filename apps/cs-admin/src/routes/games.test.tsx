import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  gameAdminDelete,
  gameAdminOnlineSwitch,
  gameAdminPage,
  gameAdminSave,
  gameAdminSearch,
  gameIconUpload,
} from '@gp/contracts/catalog-admin';
import admin from '@gp/i18n/locales/en/admin.json';
import { gameDetail, gameItem } from '../testing/game-fixtures.ts';
import {
  ok,
  refuse,
  resetSession,
  staffServer,
  type Handler,
  openDialogWith,
} from '../testing/console-test.tsx';
import {
  acceptUploads,
  bodyOf,
  fieldRefusal,
  ops,
  pathOf,
  renderOps,
  sessionWith,
} from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lotus = gameItem();
const moon = gameItem({
  game_base_id: 4,
  game_id: 'moon_sea',
  slug: 'moon-tale',
  game_name: 'Moon Tale',
  names: { en: 'Moon Tale', th: null, cn: null, vi: null, zh: null },
  is_online: 0,
});
const pageOf = (...list: ReturnType<typeof gameItem>[]) =>
  ok({ list, total: list.length, page_num: 1, page_size: 20 });

function gamesServer(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(gameAdminPage)]: () => pageOf(lotus, moon),
      [pathOf(gameAdminSearch)]: () => pageOf(moon),
      ...handlers,
    },
    sessionWith('games'),
  );
}

const row = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('tr')!;

// Whole-console renders with antd are slow on a busy machine.
describe('games', { timeout: 40_000 }, () => {
  it('lists every game with its state, and shows or hides one with the switch', async () => {
    const server = gamesServer({
      [pathOf(gameAdminOnlineSwitch)]: () => ok(gameDetail({ ...moon, is_online: 1 })),
    });
    await renderOps('/games');
    await screen.findByRole('heading', { name: ops.games.title });
    await waitFor(() => row('Moon Tale'));
    expect(within(row('Lotus Blade')).getByText(ops.games.shown)).toBeTruthy();
    expect(within(row('Moon Tale')).getByText(ops.games.hidden)).toBeTruthy();
    expect(within(row('Lotus Blade')).getByText('lotus_sea')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Show Moon Tale on the site' }));
    await waitFor(() => expect(server.to(pathOf(gameAdminOnlineSwitch))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(gameAdminOnlineSwitch))[0])).toEqual({ game_base_id: 4, is_online: 1 });
    expect(await screen.findByText('Moon Tale is now shown on the site.')).toBeTruthy();
    await waitFor(() => expect(server.to(pathOf(gameAdminPage))).toHaveLength(2));
  });

  it('searches by words and online state through the URL', async () => {
    const server = gamesServer();
    const { router } = await renderOps('/games');
    fireEvent.change(await screen.findByLabelText(ops.games.search), { target: { value: ' moon ' } });
    fireEvent.mouseDown(screen.getByLabelText(ops.games.onlineFilter));
    fireEvent.click(await screen.findByTitle(ops.games.hidden));
    fireEvent.click(screen.getByRole('button', { name: ops.common.search }));
    await waitFor(() => expect(server.to(pathOf(gameAdminSearch))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(gameAdminSearch))[0])).toEqual({
      keyword: 'moon',
      is_online: 0,
      page_num: 1,
      page_size: 20,
    });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('moon');
    expect(new URLSearchParams(router.state.location.search).get('online')).toBe('0');
  });

  it('checks a new game on the device, then sends names per language with en required', async () => {
    let saved: unknown;
    const server = gamesServer({
      [pathOf(gameAdminSave)]: (request) => {
        saved = request.body;
        return ok(gameDetail({ game_base_id: 9, game_name: 'Star Road', is_online: 0 }));
      },
    });
    await renderOps('/games');
    fireEvent.click(await screen.findByRole('button', { name: ops.games.add }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(ops.games.slug), { target: { value: 'Star Road' } });
    fireEvent.click(dialog.getByRole('button', { name: ops.games.create }));
    expect(await dialog.findByText(ops.games.rule.slug)).toBeTruthy();
    expect(dialog.getByText(ops.games.rule.gameId)).toBeTruthy();
    expect(dialog.getByText(ops.games.rule.url)).toBeTruthy();
    expect(dialog.getByText(ops.games.rule.name)).toBeTruthy();
    expect(server.to(pathOf(gameAdminSave))).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(ops.games.gameId), { target: { value: 'star_sea' } });
    fireEvent.change(dialog.getByLabelText(ops.games.slug), { target: { value: 'star-road' } });
    fireEvent.change(dialog.getByLabelText(ops.games.url), { target: { value: 'https://star.example.com' } });
    fireEvent.change(dialog.getByLabelText('Name (English, required)'), { target: { value: 'Star Road' } });
    fireEvent.change(dialog.getByLabelText('Name (Tiếng Việt)'), { target: { value: 'Đường Sao' } });
    fireEvent.click(dialog.getByRole('button', { name: ops.games.create }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({
      game_id: 'star_sea',
      slug: 'star-road',
      url: 'https://star.example.com',
      sort: 0,
      names: { en: 'Star Road', th: null, cn: null, vi: 'Đường Sao', zh: null },
      icon_media_id: null,
    });
    expect(
      await screen.findByText('Star Road added. It stays hidden until you show it on the site.'),
    ).toBeTruthy();
  });

  it('shows a taken slug under its field and keeps what was typed', async () => {
    const server = gamesServer({ [pathOf(gameAdminSave)]: () => fieldRefusal(['slug', 'taken']) });
    await renderOps('/games');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lotus Blade' }));
    const dialog = within(await screen.findByRole('dialog'));
    const slug = dialog.getByLabelText<HTMLInputElement>(ops.games.slug);
    expect(slug.value).toBe('lotus-blade');
    expect(dialog.getByLabelText<HTMLInputElement>('Name (ไทย)').value).toBe('ดาบบัว');
    fireEvent.change(slug, { target: { value: 'moon-tale' } });
    fireEvent.click(dialog.getByRole('button', { name: ops.common.save }));
    expect(await dialog.findByText(ops.games.error.slugTaken)).toBeTruthy();
    expect(slug.value).toBe('moon-tale');
    expect(bodyOf(server.to(pathOf(gameAdminSave))[0])).toMatchObject({
      game_base_id: 3,
      slug: 'moon-tale',
      names: { en: 'Lotus Blade', th: 'ดาบบัว', cn: null, vi: null, zh: null },
    });
  });

  it('deleting a game in use explains why and takes it offline in one click', async () => {
    const server = gamesServer({
      [pathOf(gameAdminDelete)]: () =>
        refuse(-40010, {
          tickets: 12,
          orders: 3,
          catalog: 0,
          faq: 1,
          question_types: 0,
          articles: 0,
          recommendations: 0,
        }),
      [pathOf(gameAdminOnlineSwitch)]: () => ok(gameDetail({ is_online: 0 })),
    });
    await renderOps('/games');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lotus Blade' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getAllByText('Delete Lotus Blade?').length).toBeGreaterThan(0);
    expect(server.to(pathOf(gameAdminDelete))).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: ops.common.delete }));
    await waitFor(() => expect(server.to(pathOf(gameAdminDelete))).toHaveLength(1));

    const dialog = within(await openDialogWith(/in use by tickets or orders/));
    expect(dialog.getByText('12 tickets')).toBeTruthy();
    expect(dialog.getByText('3 top-up orders')).toBeTruthy();
    expect(dialog.getByText('1 FAQ entry')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: ops.games.inUse.takeOffline }));
    await waitFor(() => expect(server.to(pathOf(gameAdminOnlineSwitch))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(gameAdminOnlineSwitch))[0])).toEqual({ game_base_id: 3, is_online: 0 });
    expect(await screen.findByText('Lotus Blade is now hidden from the site.')).toBeTruthy();
  });

  it('uploads an icon, previews it and saves its id; a file that is no picture is explained', async () => {
    const server = gamesServer({ [pathOf(gameAdminSave)]: () => ok(gameDetail()) });
    let answers = 0;
    const uploads = acceptUploads({
      [pathOf(gameIconUpload)]: () =>
        ++answers === 1
          ? fieldRefusal(['file', 'type_not_allowed'])
          : ok({
              media_id: `${'a'.repeat(32)}.png`,
              url: 'http://localhost:8090/media/aaaa.png',
              content_type: 'image/png',
              byte_size: 68,
              width: 1,
              height: 1,
            }),
    });
    await renderOps('/games');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lotus Blade' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(ops.games.noIcon)).toBeTruthy();
    const input = dialog.getByTestId('game-icon-file');
    fireEvent.change(input, {
      target: { files: [new File(['not a picture'], 'icon.png', { type: 'image/png' })] },
    });
    expect(await dialog.findByText(ops.image.typeNotAllowed)).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'icon.png')] },
    });
    const preview = await dialog.findByRole('img', { name: ops.games.iconPreview });
    expect(preview.getAttribute('src')).toBe('http://localhost:8090/media/aaaa.png');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.contentType).toMatch(/^multipart\/form-data/);
    fireEvent.click(dialog.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(server.to(pathOf(gameAdminSave))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(gameAdminSave))[0])).toMatchObject({
      icon_media_id: `${'a'.repeat(32)}.png`,
    });
  });

  it('refuses an icon over 1 MB before uploading it', async () => {
    gamesServer();
    const uploads = acceptUploads({ [pathOf(gameIconUpload)]: () => ok(null) });
    await renderOps('/games');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lotus Blade' }));
    const dialog = within(await screen.findByRole('dialog'));
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(dialog.getByTestId('game-icon-file'), { target: { files: [big] } });
    expect(await dialog.findByText('The picture is too large. It can be at most 1 MB.')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it('refuses a staff member without the games privilege', async () => {
    const server = staffServer({}, sessionWith('faq'));
    await renderOps('/games');
    expect(await screen.findByRole('heading', { name: admin.access.deniedTitle })).toBeTruthy();
    expect(server.to(pathOf(gameAdminPage))).toHaveLength(0);
  });
});
