import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { ok, refuse, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import { answerUploads, articleData, image, pageOf, renderContent } from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** This page is heavy for jsdom on a busy machine: waits get longer than testing-library's default. */
const slow = { timeout: 15_000 };
const detail = '/komoe/mng/content/news/detail';
const save = '/komoe/mng/content/news/create_update';
const games = { '/komoe/mng/game/page': () => ok(pageOf([])) };

/** A language tab (by its language's name), found without the costly role queries over the whole page. */
function tab(language: string): HTMLElement {
  const list = document.querySelector<HTMLElement>('[role="tablist"]')!;
  return within(list).getByText(language).closest<HTMLElement>('[role="tab"]')!;
}

/** The rich bodies mounted so far (the lazy editor loads on its own). */
async function bodies(): Promise<HTMLElement[]> {
  return waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('.ProseMirror')];
      if (found.length === 0) throw new Error('no editor yet');
      return found;
    },
    { timeout: 15_000 },
  );
}

/** Types into a TipTap body as a browser's editing does: ProseMirror reads the DOM change back. */
async function typeBody(box: HTMLElement, text: string) {
  await act(async () => {
    box.querySelector('p')!.textContent = text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

async function openEditor(path: string, handlers: Parameters<typeof staffServer>[0] = {}) {
  const server = staffServer({ [detail]: () => ok(articleData()), ...games, ...handlers }, staffSession());
  const view = await renderContent(path);
  // The first screen of a run also loads the route's chunk.
  await screen.findByRole('heading', { name: /Edit news item|New news item/ }, { timeout: 15_000 });
  return { server, ...view };
}

// The editor page is the console's heaviest (antd form, five languages, the lazy rich-text editor).
describe('article editor', { timeout: 60_000 }, () => {
  it('loads every language, marks which are written, and saves the whole item', async () => {
    const { server } = await openEditor('/content/news/5', {
      [save]: () => ok(articleData({ updated_at: '2026-03-02T00:00:00.000Z' })),
    });
    expect(server.to(detail)[0]!.query.get('id')).toBe('5');
    expect(tab('English').textContent).toBe(`English${cms.texts.requiredTag}${cms.texts.writtenTag}`);
    expect(tab('ไทย').textContent).toBe(`ไทย${cms.texts.writtenTag}`);
    expect(tab('Tiếng Việt').textContent).toBe(`Tiếng Việt${cms.texts.emptyTag}`);
    // The lazy editor shows the stored body, named by its label.
    const [body] = await bodies();
    expect(body!.textContent).toBe('New maps.');
    const label = document.getElementById(body!.getAttribute('aria-labelledby')!);
    expect(label?.textContent).toBe(cms.article.body);
    fireEvent.click(label!);
    expect(document.activeElement).toBe(body);

    const titles = screen.getAllByLabelText(cms.article.titleField);
    fireEvent.change(titles[0]!, { target: { value: 'Spring update 2' } });
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    await waitFor(() => expect(server.to(save)).toHaveLength(1), slow);
    expect(server.to(save)[0]!.body).toEqual({
      id: 5,
      slug: 'spring-update',
      category: 'update',
      game_base_id: null,
      cover_media_id: image('a').media_id,
      cover_h5_media_id: image('b').media_id,
      status: 'published',
      unpublish_at: null,
      pinned: 0,
      start_time: null,
      end_time: null,
      texts: {
        en: { title: 'Spring update 2', summary: 'What is new', body_html: '<p>New maps.</p>' },
        th: { title: 'อัปเดตฤดูใบไม้ผลิ', summary: '', body_html: '<p>แผนที่ใหม่</p>' },
      },
    });
    expect(await screen.findByText(cms.form.saved, undefined, slow)).toBeTruthy();
  });

  it('a started language needs its required fields; an empty one is left out of the save', async () => {
    const { server } = await openEditor('/content/news/5', { [save]: () => ok(articleData()) });
    fireEvent.click(tab('Tiếng Việt'));
    const viTitle = screen.getAllByLabelText(cms.article.titleField)[3]!;
    fireEvent.change(viTitle, { target: { value: 'Cập nhật mùa xuân' } });
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    expect(await screen.findByText('Enter the Body.', undefined, slow)).toBeTruthy();
    expect(screen.getByText(cms.form.checkFields)).toBeTruthy();
    expect(tab('Tiếng Việt').textContent).toContain(cms.texts.problemTag);
    expect(server.to(save)).toHaveLength(0);

    // Emptied again, the language is optional again and the save leaves it out.
    fireEvent.change(viTitle, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Enter the Body.')).toBeNull(), slow);
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    await waitFor(() => expect(server.to(save)).toHaveLength(1), slow);
    expect(Object.keys((server.to(save)[0]!.body as { texts: object }).texts)).toEqual(['en', 'th']);
  });

  it('shows the server refusals at their fields, translated, in their language tab, and keeps every value', async () => {
    const { server } = await openEditor('/content/news/5', {
      [save]: () =>
        refuse(-400, {
          fields: [
            { field: 'slug', code: 'taken' },
            { field: 'texts.th.body_html', code: 'empty' },
            { field: 'unpublish_at', code: 'before_publish_at' },
          ],
        }),
    });
    const titles = screen.getAllByLabelText(cms.article.titleField);
    fireEvent.change(titles[0]!, { target: { value: 'Changed title' } });
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    await waitFor(() => expect(server.to(save)).toHaveLength(1), slow);
    expect(await screen.findByText(cms.fieldError.taken, undefined, slow)).toBeTruthy();
    expect(screen.getByText(cms.fieldError.empty)).toBeTruthy();
    expect(screen.getByText(cms.fieldError.before_publish_at)).toBeTruthy();
    // The Thai tab holds a problem: it is marked and opened.
    const thai = tab('ไทย');
    expect(thai.textContent).toContain(cms.texts.problemTag);
    expect(thai.getAttribute('aria-selected')).toBe('true');
    expect((titles[0] as HTMLInputElement).value).toBe('Changed title');
  });

  it('an unknown refusal shows as a translated alert and the values stay', async () => {
    await openEditor('/content/news/5', { [save]: () => refuse(-404) });
    const titles = screen.getAllByLabelText(cms.article.titleField);
    fireEvent.change(titles[0]!, { target: { value: 'Kept title' } });
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    expect(await screen.findByText(errors.common.notFound, undefined, slow)).toBeTruthy();
    expect((titles[0] as HTMLInputElement).value).toBe('Kept title');
  });

  it('schedules: a past time is refused on the device, a future one goes out as ISO with status scheduled', async () => {
    const { server } = await openEditor('/content/news/5', {
      [save]: () => ok(articleData({ status: 'scheduled', publish_at: '2099-01-01T00:00:00.000Z' })),
    });
    fireEvent.click(screen.getByRole('radio', { name: cms.article.schedule }));
    const picker = await screen.findByLabelText(cms.article.publishAt, undefined, slow);
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '2020-01-01 10:00' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    expect(
      await screen.findByText(/Pick a time in the future|Pick the date and time to publish/, undefined, slow),
    ).toBeTruthy();
    expect(server.to(save)).toHaveLength(0);

    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '2099-01-01 10:30' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    await waitFor(() => expect(server.to(save)).toHaveLength(1), slow);
    const body = server.to(save)[0]!.body as { status: string; publish_at: string };
    expect(body.status).toBe('scheduled');
    expect(body.publish_at).toBe(new Date(2099, 0, 1, 10, 30).toISOString());
  });

  it('creates a news item: texts, covers uploaded, then the editor of the new item', async () => {
    const { server, router } = await openEditor('/content/news/new', {
      [save]: () => ok(articleData({ id: 9, status: 'draft' })),
    });
    // The first upload is the desktop cover's, the second the mobile one's.
    const uploads = answerUploads((_file, before) => ({
      code: 0,
      data: { ...(before === 0 ? image('c') : image('d')), content_type: 'image/png', byte_size: 4 },
    }));
    expect(tab('ไทย').textContent).toContain(cms.texts.emptyTag);
    fireEvent.change(screen.getAllByLabelText(cms.article.titleField)[0]!, { target: { value: 'Hello' } });
    await typeBody((await bodies())[0]!, 'First words');

    const file = () => new File([new Uint8Array(4).fill(137)], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('cover_media_id-file'), { target: { files: [file()] } });
    expect(await screen.findByAltText(`${cms.article.cover}: current picture`, undefined, slow)).toBeTruthy();
    fireEvent.change(screen.getByTestId('cover_h5_media_id-file'), { target: { files: [file()] } });
    expect(
      await screen.findByAltText(`${cms.article.coverH5}: current picture`, undefined, slow),
    ).toBeTruthy();
    expect(uploads.map((f) => f.type)).toEqual(['image/png', 'image/png']);

    fireEvent.click(screen.getByRole('button', { name: cms.form.create }));
    await waitFor(() => expect(server.to(save)).toHaveLength(1), slow);
    expect(server.to(save)[0]!.body).toEqual({
      category: 'notice',
      game_base_id: null,
      cover_media_id: image('c').media_id,
      cover_h5_media_id: image('d').media_id,
      status: 'draft',
      unpublish_at: null,
      pinned: 0,
      start_time: null,
      end_time: null,
      texts: { en: { title: 'Hello', summary: '', body_html: '<p>First words</p>' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/news/9'), slow);
  });

  it('upload refusals show under the picture, translated', async () => {
    await openEditor('/content/news/new');
    const uploads = answerUploads(() => ({
      code: -400,
      data: { fields: [{ field: 'file', code: 'type_not_allowed' }] },
    }));
    const file = new File(['GIF89a'], 'x.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('cover_media_id-file'), { target: { files: [file] } });
    expect(await screen.findByText(cms.fieldError.type_not_allowed, undefined, slow)).toBeTruthy();
    // Too large never leaves the device.
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('cover_h5_media_id-file'), { target: { files: [big] } });
    expect(
      await screen.findByText('The file is too large: pictures can be at most 5 MB.', undefined, slow),
    ).toBeTruthy();
    expect(uploads).toHaveLength(1);
  });

  it('an activity needs its period; end before start is refused on the device', async () => {
    staffServer(
      {
        '/komoe/mng/content/activity/detail': () =>
          ok(articleData({ kind: 'activity', category: 'event', id: 8 })),
        ...games,
      },
      staffSession(),
    );
    await renderContent('/content/activities/8');
    await screen.findByRole('heading', { name: /Edit activity/ }, slow);
    fireEvent.click(screen.getByRole('button', { name: cms.form.save }));
    expect((await screen.findAllByText(cms.fieldError.required, undefined, slow)).length).toBe(2);
  });

  it('preview opens the desktop link in a new tab and lists both links', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const preview = {
      url: 'http://localhost:8080/news-pre-detail/5?token=t1',
      url_h5: 'http://localhost:8080/news-pre-detail/h5/5?token=t1',
      token: 't1',
      expires_at: '2026-03-01T09:00:00.000Z',
    };
    const { server } = await openEditor('/content/news/5', {
      '/komoe/mng/content/news/preview': () => ok(preview),
    });
    fireEvent.click(screen.getByRole('button', { name: cms.preview.desktop }));
    await waitFor(() => expect(tab.location.href).toBe(preview.url), slow);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(server.to('/komoe/mng/content/news/preview')[0]!.body).toEqual({ id: 5 });
    expect(screen.getByRole('link', { name: cms.preview.h5Link }).getAttribute('href')).toBe(preview.url_h5);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await openEditor('/content/news/5');
    fireEvent.change(screen.getAllByLabelText(cms.article.titleField)[0]!, { target: { value: 'Unsaved' } });
    fireEvent.click(screen.getByRole('link', { name: cms.news.backToList }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    expect(dialog.getAllByText(cms.form.leaveTitle).length).toBeGreaterThan(0);
    fireEvent.click(dialog.getByRole('button', { name: cms.form.stay }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/content/news/5');
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const { server, router } = await openEditor('/content/news/5', {
      '/komoe/mng/content/news/delete': () => ok(null),
      '/komoe/mng/content/news/page': () => ok(pageOf([])),
    });
    fireEvent.click(screen.getByRole('button', { name: cms.actions.delete }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.click(dialog.getByRole('button', { name: cms.actions.delete }));
    await waitFor(() => expect(server.to('/komoe/mng/content/news/delete')).toHaveLength(1), slow);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/news'), slow);
  });
});
