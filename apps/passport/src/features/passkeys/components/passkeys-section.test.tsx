import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import {
  userPasskeyAdd,
  userPasskeyOptions,
  userPasskeyProofOptions,
  userPasskeyRemove,
  userPasskeys,
  type MemberPasskeyData,
} from '@gp/contracts/passkeys';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const laptop: MemberPasskeyData = {
  id: 7,
  name: 'Laptop',
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-25T09:30:00.000Z',
};
const phone: MemberPasskeyData = {
  id: 8,
  name: 'Phone',
  created_at: '2026-11-24T08:00:00.000Z',
  last_used_at: null,
};

const registration = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};
const state = {
  list: [] as MemberPasskeyData[],
  add: (_: unknown): unknown => ({ ...phone, id: 9, name: 'Tablet' }),
};
const api = tableApi(
  new Map<CallContract, unknown>([
    [userPasskeys, () => ({ list: state.list })],
    [userPasskeyOptions, { challenge: 'reg-challenge' }],
    [userPasskeyAdd, (input: unknown) => state.add(input)],
    [userPasskeyProofOptions, { challenge: 'proof-challenge' }],
    [
      userPasskeyRemove,
      (input: unknown) => {
        state.list = state.list.filter((p) => p.id !== (input as { id: number }).id);
        return null;
      },
    ],
  ]),
);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
const browser = { startRegistration: vi.fn(), startAuthentication: vi.fn() };
vi.mock('@simplewebauthn/browser', () => browser);
const { PasskeysSection } = await import('./passkeys-section.tsx');

const sealPassword = vi.fn(async (password: string) => `sealed:${password}`);
/** What the browser throws when the member closes its passkey prompt (the library keeps the DOMException). */
const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), {
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    cause: new DOMException('not allowed', 'NotAllowedError'),
  });

beforeEach(() => {
  state.list = [laptop, phone];
  state.add = () => ({ ...phone, id: 9, name: 'Tablet' });
  browser.startRegistration.mockResolvedValue(registration);
  browser.startAuthentication.mockResolvedValue({ ...registration, id: 'proof' });
  // jsdom has no WebAuthn: these tests give the page one.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(() => {
  cleanup();
  api.call.mockClear();
  sealPassword.mockClear();
  browser.startRegistration.mockReset();
  browser.startAuthentication.mockReset();
  vi.unstubAllGlobals();
});

const callsTo = (contract: CallContract) =>
  api.call.mock.calls.filter(([c]) => c === contract).map(([, input]) => input);

describe('PasskeysSection', () => {
  it('lists the passkeys with their names, when added and when last used', async () => {
    const onCount = vi.fn();
    await renderApp(<PasskeysSection sealPassword={sealPassword} onCount={onCount} />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Laptop')).toBeTruthy();
    expect(within(first!).getByText('Added Nov 20, 2026')).toBeTruthy();
    expect(within(first!).getByText('Last used Nov 25, 2026')).toBeTruthy();
    expect(within(second!).getByText('Not used yet')).toBeTruthy();
    expect(onCount).toHaveBeenLastCalledWith(2);
  });

  it('says when there is none', async () => {
    state.list = [];
    await renderApp(<PasskeysSection sealPassword={sealPassword} />);
    expect(await screen.findByText("You haven't added a passkey yet.")).toBeTruthy();
  });

  it('adds a passkey with a name and the current password, then shows it', async () => {
    await renderApp(<PasskeysSection sealPassword={sealPassword} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create passkey' }));
    expect(within(form).getAllByText('Please fill this in.')).toHaveLength(2);
    expect(callsTo(userPasskeyOptions)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Passkey name'), { target: { value: ' Tablet ' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Secret123' } });
    state.list = [laptop, phone, { ...phone, id: 9, name: 'Tablet' }];
    fireEvent.click(within(form).getByRole('button', { name: 'Create passkey' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Passkey "Tablet" added. You can now use it to log in.',
    );
    expect(callsTo(userPasskeyOptions)).toEqual([{ pwd: 'sealed:Secret123' }]);
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg-challenge' } });
    expect(callsTo(userPasskeyAdd)).toEqual([{ name: 'Tablet', response: registration }]);
    expect(within(screen.getByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
    expect(screen.queryByRole('form', { name: 'Add a passkey' })).toBeNull();
  });

  it('says so when the member cancels the device prompt, or the server refuses the passkey', async () => {
    await renderApp(<PasskeysSection sealPassword={sealPassword} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    fireEvent.change(within(form).getByLabelText('Passkey name'), { target: { value: 'Tablet' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Secret123' } });
    browser.startRegistration.mockRejectedValueOnce(cancelled());
    fireEvent.click(within(form).getByRole('button', { name: 'Create passkey' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The passkey request was cancelled or timed out. Please try again.',
    );
    expect(callsTo(userPasskeyAdd)).toEqual([]);

    state.add = () => {
      throw new ApiError(-720, 'passport', 200);
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Create passkey' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toMatch(/^We couldn't confirm this passkey/),
    );
  });

  it('removes a passkey after a confirmation, with the password or with a passkey', async () => {
    await renderApp(<PasskeysSection sealPassword={sealPassword} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    const form = screen.getByRole('form', { name: 'Remove the passkey "Laptop"?' });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove passkey' }));
    expect(within(form).getByText('Please fill this in.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove passkey' }));
    expect((await screen.findByRole('status')).textContent).toBe('Passkey "Laptop" removed.');
    expect(callsTo(userPasskeyRemove)).toEqual([{ id: 7, pwd: 'sealed:Secret123' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove passkey Phone' }));
    const second = screen.getByRole('form', { name: 'Remove the passkey "Phone"?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Confirm with a passkey' }));
    expect(await screen.findByText("You haven't added a passkey yet.")).toBeTruthy();
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'proof-challenge' },
    });
    expect(callsTo(userPasskeyRemove)[1]).toEqual({ id: 8, passkey: { ...registration, id: 'proof' } });
  });

  it('offers nothing to add where the browser has no WebAuthn, and still lists and removes', async () => {
    vi.unstubAllGlobals();
    await renderApp(<PasskeysSection sealPassword={sealPassword} />);
    expect(
      await screen.findByText(
        "This browser can't create or use passkeys. You can still see and remove the ones you have.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    const form = screen.getByRole('form', { name: 'Remove the passkey "Laptop"?' });
    expect(within(form).queryByRole('button', { name: 'Confirm with a passkey' })).toBeNull();
  });
});
