import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactsInfo, fileUpload, questionTypeList, workOrderCreate } from '@gp/contracts/cs';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { callsTo, fakeFile, initialState, serviceError, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

const created = vi.fn((file: Blob) => `blob:preview-${(file as File).name}`);
const revoked = vi.fn();
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = created;
  URL.revokeObjectURL = revoked;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

afterEach(() => {
  cleanup();
  api.call.mockClear();
  created.mockClear();
  revoked.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

async function openForm() {
  await renderApp(routes, '/service/question');
  expect(await screen.findByRole('heading', { level: 1, name: 'Submit a ticket' })).toBeTruthy();
  return screen.getByRole('button', { name: 'Submit ticket' }).closest('form')!;
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.id.endsWith('-error'))
    .map((el) => el!.textContent)
    .join(' ');
const pick = (...files: File[]) => fireEvent.change(field('Add files'), { target: { files } });

async function fillValidQuestion() {
  fireEvent.change(field('Game'), { target: { value: '2' } });
  const typeSelect = field('Question type');
  await within(typeSelect).findByRole('option', { name: 'Guild battles' });
  fireEvent.change(typeSelect, { target: { value: '9' } });
  type('Character ID', 'HERO12345');
  type('Character name', 'Mali');
  type('Title', 'Guild reward missing');
  type('Description', 'The reward of last night’s guild battle never arrived.');
}

describe('/service/question', () => {
  it('fills the reply e-mail from the contact details and offers ticket types of the chosen game', async () => {
    await openForm();
    expect(field('E-mail for replies').value).toBe('mali@example.com');
    expect(field('Question type').textContent).toContain('Choose a game first');
    fireEvent.change(field('Game'), { target: { value: '2' } });
    expect(await within(field('Question type')).findByRole('option', { name: 'Guild battles' })).toBeTruthy();
    expect(callsTo(api.call, questionTypeList)).toEqual([{ usage: 2, game_base_id: 2 }]);
    expect(callsTo(api.call, contactsInfo)).toHaveLength(1);
  });

  it('checks with the shared rules: each error next to its field, translated, focus on the first', async () => {
    const form = await openForm();
    type('E-mail for replies', '');
    type('Character ID', 'ab');
    type('Title', 'Hi');
    type('Description', 'x'.repeat(1001));
    expect(screen.getByText('1001 / 1000 characters')).toBeTruthy();
    fireEvent.submit(form);
    expect(errorOf(field('Game'))).toBe('Please choose a game.');
    expect(errorOf(field('Question type'))).toBe('Please choose a question type.');
    expect(errorOf(field('Character ID'))).toBe('Character ID must be 5-20 characters, without spaces.');
    expect(errorOf(field('Character name'))).toBe('');
    expect(errorOf(field('E-mail for replies'))).toBe('Please enter your e-mail address.');
    expect(errorOf(field('Title'))).toBe('The title must be 5-100 characters, on one line.');
    expect(errorOf(field('Description'))).toBe('Please keep it to 1,000 characters or fewer.');
    expect(field('Game').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Game'));
    expect(callsTo(api.call, workOrderCreate)).toEqual([]);

    type('E-mail for replies', 'not-an-address');
    fireEvent.submit(form);
    expect(errorOf(field('E-mail for replies'))).toBe('Please enter a valid e-mail address.');
  });

  it('submits a question with an image: preview, upload, send, then the ticket number and a link to it', async () => {
    await openForm();
    await fillValidQuestion();
    pick(fakeFile('screenshot.png', 'image/png'));
    const list = await screen.findByRole('list', { name: 'Attached files' });
    const item = within(list).getByText('screenshot.png').closest('li')!;
    expect((await within(item).findByRole('presentation')).getAttribute('src')).toBe(
      'blob:preview-screenshot.png',
    );
    expect(await within(item).findByText('Uploaded')).toBeTruthy();
    expect(callsTo(api.call, fileUpload)).toHaveLength(1);
    expect(screen.getByText('1 of 5 files')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const done = await screen.findByRole('heading', { level: 2, name: 'Your ticket has been submitted' });
    // Focused by the form's effect, which may run after the heading is on screen (a busy machine).
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(callsTo(api.call, workOrderCreate)).toEqual([
      {
        game_base_id: 2,
        question_type: 9,
        character_id: 'HERO12345',
        character_name: 'Mali',
        email: 'mali@example.com',
        question_title: 'Guild reward missing',
        question_content: 'The reward of last night’s guild battle never arrived.',
        attachments: ['file_0000000000000001'],
      },
    ]);
    expect(
      screen.getByText("Your ticket number is 112. We'll reply on the ticket page and by e-mail."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your ticket' }).getAttribute('href')).toBe(
      '/service/order_detail?work_order_id=112',
    );
    expect(revoked).toHaveBeenCalledWith('blob:preview-screenshot.png');
  });

  it('refuses a wrong type, a file above 5 MB and a sixth file on the device, uploading none of them', async () => {
    await openForm();
    pick(
      fakeFile('tool.exe', 'application/octet-stream'),
      fakeFile('huge.png', 'image/png', 5 * 1024 * 1024 + 1),
      fakeFile('game.log', 'text/plain'),
    );
    const refusals = await screen.findByText(/tool\.exe wasn't added/);
    expect(refusals.closest('[role="alert"]')!.textContent).toBe(
      "tool.exe wasn't added: only JPG, JPEG, PNG and LOG files are accepted." +
        "huge.png wasn't added: it's larger than 5 MB.",
    );
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(callsTo(api.call, fileUpload).map((i) => (i as { file: File }).file.name)).toEqual(['game.log']);
    expect(created).not.toHaveBeenCalled(); // a LOG file has no preview

    pick(...['a', 'b', 'c', 'd', 'e'].map((n) => fakeFile(`${n}.jpg`, 'image/jpeg')));
    expect(await screen.findByText("e.jpg wasn't added: you can attach up to 5 files.")).toBeTruthy();
    expect(screen.getByText('5 of 5 files')).toBeTruthy();
  });

  it('removes a file before sending and releases its preview', async () => {
    await openForm();
    await fillValidQuestion();
    pick(fakeFile('first.jpg', 'image/jpeg'), fakeFile('second.png', 'image/png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove first.jpg' }));
    expect(revoked).toHaveBeenCalledWith('blob:preview-first.jpg');
    expect(screen.queryByText('first.jpg')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByRole('heading', { level: 2, name: 'Your ticket has been submitted' });
    expect((callsTo(api.call, workOrderCreate)[0] as { attachments: string[] }).attachments).toEqual([
      'file_0000000000000002',
    ]);
  });

  it('takes a file the server refuses out of the list: only its translated refusal shows, the form is as it was', async () => {
    state.refuse.set(fileUpload, serviceError(-10004));
    await openForm();
    await fillValidQuestion();
    pick(fakeFile('renamed.png', 'image/png'));
    expect(
      await screen.findByText(
        "renamed.png wasn't added: This file type isn't supported. Please upload a JPG, JPEG or PNG image, or a LOG text file.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
    expect(field('Add files').closest('fieldset')!.querySelector('img')).toBeNull();
    expect(revoked).toHaveBeenCalledWith('blob:preview-renamed.png');
    expect(screen.getByText('0 of 5 files')).toBeTruthy();
    expect(field('Title').value).toBe('Guild reward missing');
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByRole('heading', { level: 2, name: 'Your ticket has been submitted' });
    expect((callsTo(api.call, workOrderCreate)[0] as { attachments: string[] }).attachments).toEqual([]);
  });

  it('refuses a picture whose bytes are no JPEG or PNG on the device: no preview, no upload', async () => {
    await openForm();
    await fillValidQuestion();
    pick(
      fakeFile('fake.png', 'image/png', undefined, 'GIF89a, not a png'),
      fakeFile('real.jpg', 'image/jpeg'),
    );
    expect(
      await screen.findByText("fake.png wasn't added: its content isn't a JPG or PNG image."),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(list).queryByText('fake.png')).toBeNull();
    expect(await within(list).findByText('Uploaded')).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('presentation')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['blob:preview-real.jpg']);
    expect(created).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'fake.png' }));
    expect(callsTo(api.call, fileUpload).map((i) => (i as { file: File }).file.name)).toEqual(['real.jpg']);
    expect(field('Title').value).toBe('Guild reward missing');
  });

  it('keeps a file whose upload failed, with the reason, and does not send while one failed', async () => {
    state.refuse.set(fileUpload, serviceError(-500));
    const form = await openForm();
    await fillValidQuestion();
    pick(fakeFile('receipt.png', 'image/png'));
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(await within(list).findByText(/^Upload failed: /)).toBeTruthy();
    fireEvent.submit(form);
    expect(errorOf(field('Add files'))).toBe(
      "Some files couldn't be uploaded. Please remove them before sending.",
    );
    expect(document.activeElement).toBe(field('Add files'));
    expect(callsTo(api.call, workOrderCreate)).toEqual([]);
  });

  it('shows a refusal of the server at the field it names, translated, keeping everything typed', async () => {
    await openForm();
    await fillValidQuestion();
    state.refuse.set(
      workOrderCreate,
      serviceError(-400, { fields: [{ field: 'question_type', code: 'not_offered' }] }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(
      await screen.findByText(
        "This question type isn't available for the chosen game. Please choose another one.",
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field('Question type'));
    expect(field('Title').value).toBe('Guild reward missing');
    expect(field('Question type').value).toBe('9');

    state.refuse.set(workOrderCreate, serviceError(-500));
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const refusal = await screen.findByText('Something went wrong on our side. Please try again later.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(field('Description').value).toBe('The reward of last night’s guild battle never arrived.');
  });
});
