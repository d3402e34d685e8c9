import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deskSavedReplyDelete,
  deskSavedReplyList,
  deskSavedReplySave,
  type SavedReplyItem,
} from '@gp/contracts/desk';
import common from '@gp/i18n/locales/en/common.json';
import desk from '@gp/i18n/locales/en/desk.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { fakeStaffApi, Refusal } from '../testing/fake-staff-api.ts';
import SavedReplies, { loader } from './saved-replies.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const delivered: SavedReplyItem = {
  saved_reply_id: 4,
  title: 'Gems delivered',
  texts: { en: 'Hello {nickname}, done.', th: 'สวัสดีคุณ {nickname}', cn: null, vi: null, zh: null },
  updated_at: '2026-03-01T08:00:00.000Z',
  updated_by: 'Ana',
};

function savedApi() {
  const api = fakeStaffApi();
  let list = [delivered];
  api.on(deskSavedReplyList, () => ({ list }));
  api.on(deskSavedReplySave, (input) => {
    const item: SavedReplyItem = {
      saved_reply_id: Number(input.saved_reply_id ?? 9),
      title: input.title,
      texts: {
        en: input.texts.en,
        th: input.texts.th || null,
        cn: input.texts.cn || null,
        vi: input.texts.vi || null,
        zh: input.texts.zh || null,
      },
      updated_at: '2026-03-02T08:00:00.000Z',
      updated_by: 'Ana',
    };
    list = [...list.filter((x) => x.saved_reply_id !== item.saved_reply_id), item];
    return item;
  });
  api.on(deskSavedReplyDelete, (input) => {
    if (!list.some((x) => x.saved_reply_id === Number(input.saved_reply_id))) throw new Refusal(-404);
    list = list.filter((x) => x.saved_reply_id !== Number(input.saved_reply_id));
    return null;
  });
  return api;
}

async function renderScreen() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { desk, errors, common } },
    defaultNS: 'desk',
    interpolation: { escapeValue: false },
  });
  const router = createMemoryRouter(
    [{ path: '/tickets/saved-replies', Component: SavedReplies, loader, HydrateFallback: () => null }],
    { initialEntries: ['/tickets/saved-replies'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <RouterProvider router={router} />
      </App>
    </I18nextProvider>,
  );
}

describe('saved replies', () => {
  it('lists each saved reply with its languages', async () => {
    savedApi();
    await renderScreen();
    const row = (await screen.findByText('Gems delivered')).closest('tr')!;
    expect(within(row).getByText('English')).toBeTruthy();
    expect(within(row).getByText('Thai')).toBeTruthy();
    expect(within(row).queryByText('Vietnamese')).toBeNull();
    expect(row.textContent).toContain('by Ana');
  });

  it('creates one with a text per language, asking for a title and the English text first', async () => {
    const api = savedApi();
    await renderScreen();
    await screen.findByText('Gems delivered');
    fireEvent.click(screen.getByRole('button', { name: 'New saved reply' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a title of up to 100 characters on one line.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('The English text is required: it is sent wherever a language has no text.'),
    ).toBeTruthy();
    expect(api.inputs(deskSavedReplySave)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Title (only agents see it)'), {
      target: { value: 'Refund started' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Text \(English\)/), {
      target: { value: 'Hi {nickname}, your refund has started.' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Text \(Vietnamese\)/), {
      target: { value: 'Chào {nickname}, yêu cầu hoàn tiền đã được xử lý.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.inputs(deskSavedReplySave)).toHaveLength(1));
    expect(api.inputs(deskSavedReplySave)[0]).toEqual({
      title: 'Refund started',
      texts: {
        en: 'Hi {nickname}, your refund has started.',
        th: '',
        cn: '',
        vi: 'Chào {nickname}, yêu cầu hoàn tiền đã được xử lý.',
        zh: '',
      },
    });
    const row = (await screen.findByText('Refund started')).closest('tr')!;
    expect(within(row).getByText('Vietnamese')).toBeTruthy();
  });

  it('edits one with its stored texts and deletes one after a confirmation', async () => {
    const api = savedApi();
    await renderScreen();
    await screen.findByText('Gems delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Gems delivered”' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Text \(Thai\)/) as HTMLTextAreaElement).value).toBe(
      'สวัสดีคุณ {nickname}',
    );
    fireEvent.change(within(dialog).getByLabelText('Title (only agents see it)'), {
      target: { value: 'Gems delivered (all games)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.inputs(deskSavedReplySave)).toHaveLength(1));
    expect(api.inputs(deskSavedReplySave)[0]).toMatchObject({
      saved_reply_id: 4,
      title: 'Gems delivered (all games)',
    });
    await screen.findByText('Gems delivered (all games)');

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Gems delivered (all games)”' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete “Gems delivered \(all games\)”/ });
    expect(api.inputs(deskSavedReplyDelete)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.inputs(deskSavedReplyDelete)).toEqual([{ saved_reply_id: 4 }]));
    expect(await screen.findByText('No saved replies yet.')).toBeTruthy();
  });
});
