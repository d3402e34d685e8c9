import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import { ok, refuse, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import {
  answerUploads,
  bannerData,
  bannerSummary,
  image,
  pageOf,
  renderContent,
} from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console's screens are heavy for jsdom on a busy machine: waits get longer than the default. */
const slow = { timeout: 15_000 };

const base = '/komoe/mng/content/banner';

async function openBanners(handlers: Parameters<typeof staffServer>[0] = {}) {
  const server = staffServer(
    {
      [`${base}/page`]: () =>
        ok(
          pageOf([
            bannerSummary(),
            bannerSummary({ id: 4, title: 'Old banner', is_online: 0, status: 'draft', sort: 20 }),
          ]),
        ),
      [`${base}/detail`]: (r) =>
        ok(r.query.get('id') === '4' ? bannerData({ id: 4, is_online: 0, status: 'draft' }) : bannerData()),
      ...handlers,
    },
    staffSession(),
  );
  await renderContent('/content/banners');
  await screen.findByRole('heading', { name: cms.banner.title }, { timeout: 15_000 });
  return server;
}

const rowOf = (title: string) => within(screen.getByText(title, { selector: 'strong' }).closest('tr')!);

describe('home banners', { timeout: 60_000 }, () => {
  it('lists the slides in order with picture, link, period, status and switch', async () => {
    await openBanners();
    const row = rowOf('Spring sale');
    expect(row.getByAltText('Spring sale: current picture')).toBeTruthy();
    expect(row.getByText('/news-detail/5')).toBeTruthy();
    expect(row.getByText(cms.status.published)).toBeTruthy();
    expect(row.getByText('10')).toBeTruthy();
    expect(
      row.getByRole('switch', { name: 'Show Spring sale on the portal' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(rowOf('Old banner').getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('the switch saves the whole banner with only is_online changed', async () => {
    const server = await openBanners({ [`${base}/create_update`]: () => ok(bannerData({ is_online: 0 })) });
    fireEvent.click(rowOf('Spring sale').getByRole('switch'));
    await waitFor(() => expect(server.to(`${base}/create_update`)).toHaveLength(1), slow);
    const {
      image: _i,
      image_h5: _h,
      status: _s,
      languages: _l,
      updated_at: _u,
      created_at: _c,
      ...kept
    } = bannerData();
    expect(server.to(`${base}/create_update`)[0]!.body).toEqual({
      ...kept,
      image_media_id: image('c').media_id,
      image_h5_media_id: image('d').media_id,
      is_online: 0,
    });
    await waitFor(() => expect(server.to(`${base}/page`)).toHaveLength(2), slow);
  });

  it('adds a banner: required fields checked first, then the whole item sent', async () => {
    const server = await openBanners({ [`${base}/create_update`]: () => ok(bannerData({ id: 9 })) });
    answerUploads((_file, before) => ({
      code: 0,
      data: { ...(before === 0 ? image('e') : image('f')), content_type: 'image/png', byte_size: 4 },
    }));
    fireEvent.click(screen.getByRole('button', { name: cms.banner.add }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    expect(await dialog.findByText('Enter the Headline.', undefined, slow)).toBeTruthy();
    expect(dialog.getByText('Enter the Picture description.')).toBeTruthy();
    expect(dialog.getByText(cms.banner.linkRequired)).toBeTruthy();
    expect(dialog.getAllByText(cms.banner.timeRequired)).toHaveLength(2);
    expect(dialog.getAllByText(cms.image.required)).toHaveLength(2);
    expect(server.to(`${base}/create_update`)).toHaveLength(0);

    fireEvent.change(dialog.getAllByLabelText(cms.banner.headline)[0]!, { target: { value: 'Summer' } });
    fireEvent.change(dialog.getAllByLabelText(cms.banner.alt)[0]!, { target: { value: 'A beach' } });
    fireEvent.change(dialog.getByLabelText(cms.banner.link), { target: { value: '/active-detail/2' } });
    for (const [label, value] of [
      [cms.banner.startsAt, '2026-06-01 00:00'],
      [cms.banner.endsAt, '2026-07-01 00:00'],
    ] as const) {
      const picker = dialog.getByLabelText(label);
      fireEvent.mouseDown(picker);
      fireEvent.change(picker, { target: { value } });
      fireEvent.keyDown(picker, { key: 'Enter' });
    }
    const png = () => new File([new Uint8Array(4)], 'banner.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('image_media_id-file'), { target: { files: [png()] } });
    await dialog.findByAltText(`${cms.banner.image}: current picture`, undefined, slow);
    fireEvent.change(screen.getByTestId('image_h5_media_id-file'), { target: { files: [png()] } });
    await dialog.findByAltText(`${cms.banner.imageH5}: current picture`, undefined, slow);

    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    await waitFor(() => expect(server.to(`${base}/create_update`)).toHaveLength(1), slow);
    expect(server.to(`${base}/create_update`)[0]!.body).toEqual({
      link: '/active-detail/2',
      image_media_id: image('e').media_id,
      image_h5_media_id: image('f').media_id,
      starts_at: new Date(2026, 5, 1).toISOString(),
      ends_at: new Date(2026, 6, 1).toISOString(),
      sort: 0,
      is_online: 1,
      texts: { en: { title: 'Summer', subtitle: '', cta: '', alt: 'A beach' } },
    });
    expect(await screen.findByText(cms.form.created, undefined, slow)).toBeTruthy();
  });

  it('edits: a link to another site is refused at the link field and the dialog keeps the values', async () => {
    const server = await openBanners({
      [`${base}/create_update`]: () => refuse(-400, { fields: [{ field: 'link', code: 'not_our_site' }] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Spring sale' }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    expect(server.to(`${base}/detail`)[0]!.query.get('id')).toBe('3');
    const link = dialog.getByLabelText<HTMLInputElement>(cms.banner.link);
    expect(link.value).toBe('/news-detail/5');
    fireEvent.change(link, { target: { value: 'https://elsewhere.example/' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.save }));
    expect(await dialog.findByText(cms.fieldError.not_our_site, undefined, slow)).toBeTruthy();
    expect(link.value).toBe('https://elsewhere.example/');
    expect((server.to(`${base}/create_update`)[0]!.body as { id: number }).id).toBe(3);
  });

  it('closing a changed dialog asks first', async () => {
    await openBanners();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Spring sale' }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.change(dialog.getByLabelText(cms.banner.link), { target: { value: '/news' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.actions.cancel }));
    expect((await screen.findAllByText(cms.form.discardTitle, undefined, slow)).length).toBeGreaterThan(0);
  });

  it('deletes only after the confirmation', async () => {
    const server = await openBanners({ [`${base}/delete`]: () => ok(null) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old banner' }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    expect(dialog.getByText(cms.delete.itemConfirm)).toBeTruthy();
    expect(server.to(`${base}/delete`)).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: cms.actions.delete }));
    await waitFor(() => expect(server.to(`${base}/delete`)).toHaveLength(1), slow);
    expect(server.to(`${base}/delete`)[0]!.body).toEqual({ id: 4 });
  });
});
