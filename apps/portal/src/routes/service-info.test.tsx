import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactsSave } from '@gp/contracts/cs';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { callsTo, initialState, serviceError, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

async function openInfo() {
  await renderApp(routes, '/service/info');
  expect(await screen.findByRole('heading', { level: 1, name: 'Contact details' })).toBeTruthy();
}

describe('/service/info', () => {
  it('shows the saved details with the nickname read-only and gender as three choices', async () => {
    state.contact = {
      nickname: 'Mali',
      contacts: 'Mali Suksan',
      sex: 2,
      mobile: '+66812345678',
      email: 'mali@example.com',
      address: 'Bangkok',
    };
    await openInfo();
    expect(field('Nickname').value).toBe('Mali');
    expect(field('Nickname').readOnly).toBe(true);
    expect(field('Name').value).toBe('Mali Suksan');
    const gender = screen.getByRole('group', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((r) => [(r as HTMLInputElement).labels![0]!.textContent, (r as HTMLInputElement).checked]),
    ).toEqual([
      ['Prefer not to say', false],
      ['Male', false],
      ['Female', true],
    ]);
    expect(field('Phone number (optional)').value).toBe('+66812345678');
    expect(field('Address (optional)').value).toBe('Bangkok');
  });

  it('saves, saying so politely', async () => {
    await openInfo();
    type('Name', 'Mali Suksan');
    fireEvent.click(screen.getByRole('radio', { name: 'Male' }));
    type('Phone number (optional)', '+66 81-234-5678');
    type('Address (optional)', '99 Sukhumvit Road, Bangkok');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByText('Your contact details have been saved.');
    expect(saved.closest('[role="status"]')).toBeTruthy();
    expect(callsTo(api.call, contactsSave)).toEqual([
      {
        contacts: 'Mali Suksan',
        sex: 1,
        mobile: '+66 81-234-5678',
        email: 'mali@example.com',
        address: '99 Sukhumvit Road, Bangkok',
      },
    ]);
  });

  it('checks on the device first: each error at its field, focus on the first', async () => {
    await openInfo();
    type('Phone number (optional)', '12ab');
    type('E-mail (optional)', 'mali@');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(field('Name'))).toBe('Please enter your name.');
    expect(errorOf(field('Phone number (optional)'))).toBe(
      'Please enter a valid phone number: 6-15 digits, optionally starting with +.',
    );
    expect(errorOf(field('E-mail (optional)'))).toBe('Please enter a valid e-mail address.');
    expect(document.activeElement).toBe(field('Name'));
    expect(callsTo(api.call, contactsSave)).toEqual([]);
  });

  it('maps a -704 refusal to the phone field, in the service domain (not the passport’s SMS code)', async () => {
    state.refuse.set(contactsSave, serviceError(-704));
    await openInfo();
    type('Name', 'Mali Suksan');
    type('Phone number (optional)', '+999999999999');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const phone = field('Phone number (optional)');
    await waitFor(() => expect(errorOf(phone)).toBe('Please enter a valid phone number.'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(screen.queryByText(/SMS/)).toBeNull();
    expect(field('Name').value).toBe('Mali Suksan');
    expect(phone.value).toBe('+999999999999');
  });

  it('maps -702 to the name and -706 to the address', async () => {
    state.refuse.set(contactsSave, serviceError(-706));
    await openInfo();
    type('Name', 'Mali Suksan');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(field('Address (optional)'))).toBe('Address must be 50 characters or fewer.'),
    );
    state.refuse.set(contactsSave, serviceError(-702));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(field('Name'))).toBe('Please enter a valid name (2-20 characters).'));
  });
});
