import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import {
  privacyCodeSend,
  privacyConfirm,
  privacyDelete,
  privacyExport,
  privacyStatus,
  type PrivacyExportData,
  type PrivacyStatusData,
} from '@gp/contracts/privacy';
import { userInfo } from '@gp/contracts/passport';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const member = {
  mid: 7,
  user_id: 'pim@example.com',
  nick_name: 'pim',
  nickName: 'pim',
  loginType: 0,
  bind_email: 'p***m@example.com',
  bind_tel: null,
};

const noRequest: PrivacyStatusData = {
  deletion: null,
  just_cancelled_by_login: 0,
  grace_days: 14,
  proof: { password: 1, passkey: 0, email: null },
  export_allowed_until: null,
};
/** A social-login member: no password, a code to the provider's address. */
const socialStatus: PrivacyStatusData = {
  ...noRequest,
  proof: { password: 0, passkey: 0, email: 'p***m@gmail.com' },
};
const pending = {
  request_id: 1,
  state: 'pending' as const,
  requested_at: '2026-11-25T10:00:00.000Z',
  erase_after: '2026-12-09T10:00:00.000Z',
  cancelled_at: null,
  cancel_reason: null,
};
const exported = {
  format: 'gp-privacy-export/1',
  generated_at: '2026-11-25T10:00:00.000Z',
  account: { mid: 7 },
} as unknown as PrivacyExportData;
const state = {
  status: noRequest as PrivacyStatusData,
  deleteAnswer: (): unknown => noRequest,
  exportAnswer: (): unknown => exported,
  confirmAnswer: (): unknown => ({ export_allowed_until: '2026-11-25T10:05:00.000Z' }),
};
const api = tableApi(
  new Map<CallContract, unknown>([
    [userInfo, member],
    [privacyStatus, () => state.status],
    [privacyExport, () => state.exportAnswer()],
    [privacyDelete, () => state.deleteAnswer()],
    [privacyConfirm, () => state.confirmAnswer()],
    [privacyCodeSend, { expires_in: 600, resend_after: 60 }],
  ]),
);
vi.mock('../lib/api-client.ts', () => ({ api }));
const saveJsonFile = vi.fn();
vi.mock('../features/privacy/model/save-json-file.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  saveJsonFile,
}));
// The password is sealed with the server's one-time key (auth feature); here it is marked as sealed.
vi.mock('../features/auth/api/seal-passwords.ts', () => ({
  sealPasswords: async (...passwords: string[]) => passwords.map((p) => `sealed:${p}`),
}));
const { routes } = await import('../app/router.tsx');

beforeEach(() => {
  state.status = noRequest;
  state.deleteAnswer = () => noRequest;
  state.exportAnswer = () => exported;
  state.confirmAnswer = () => ({ export_allowed_until: '2026-11-25T10:05:00.000Z' });
  api.call.mockClear();
  saveJsonFile.mockClear();
});
afterEach(() => {
  cleanup();
  forgetUser();
});

/** The privacy part of the account page. */
async function privacySection() {
  await renderApp(routes, '/account');
  return screen.findByRole('region', { name: 'Your data and account' });
}

describe('/account privacy rights', () => {
  it('downloads the member’s data as a JSON file named after the day', async () => {
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Download my data' }));
    expect((await section.findByRole('status')).textContent).toBe('Your data has been downloaded.');
    expect(saveJsonFile).toHaveBeenCalledWith('joypeak-my-data-2026-11-25.json', exported);
  });

  it('says why a download was refused', async () => {
    // Only the download is refused: a once-mock would be taken by whichever call came first (the page's reads).
    state.exportAnswer = () => {
      throw new ApiError(800000, 'passport', 429);
    };
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Download my data' }));
    expect((await section.findByRole('alert')).textContent).toMatch(/too/i);
    expect(saveJsonFile).not.toHaveBeenCalled();
  });

  it('asks for the password, then tells the date and that logging in cancels it', async () => {
    state.deleteAnswer = () => ({ ...noRequest, deletion: pending });
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Delete my account' }));
    const form = await section.findByRole('form', { name: 'Delete your account?' });
    expect(form.textContent).toContain('After 14 days');
    fireEvent.click(section.getByRole('button', { name: 'Delete my account' }));
    expect(await section.findByText('Please fill this in.')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalledWith(privacyDelete, expect.anything());

    fireEvent.change(section.getByLabelText('Your password'), { target: { value: 'secret123' } });
    fireEvent.click(section.getByRole('button', { name: 'Delete my account' }));
    const notice = await section.findByRole('status');
    expect(notice.textContent).toContain('Dec 9, 2026');
    expect(notice.textContent).toContain('Log in again before then');
    expect(api.call).toHaveBeenCalledWith(privacyDelete, { pwd: 'sealed:secret123' });
    expect(section.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('keeps the account when the member changes their mind, and shows a wrong password', async () => {
    state.deleteAnswer = () => {
      throw new ApiError(510008, 'passport', 200);
    };
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Delete my account' }));
    fireEvent.change(section.getByLabelText('Your password'), { target: { value: 'wrong1' } });
    fireEvent.click(section.getByRole('button', { name: 'Delete my account' }));
    expect((await section.findByRole('alert')).textContent).toMatch(/password/i);
    fireEvent.click(section.getByRole('button', { name: 'Keep my account' }));
    expect(section.queryByRole('form', { name: 'Delete your account?' })).toBeNull();
  });

  it('says when a login cancelled an earlier deletion', async () => {
    state.status = {
      ...noRequest,
      deletion: {
        request_id: 1,
        state: 'cancelled',
        requested_at: '2026-11-20T10:00:00.000Z',
        erase_after: '2026-12-04T10:00:00.000Z',
        cancelled_at: '2026-11-22T08:00:00.000Z',
        cancel_reason: 'login',
      },
    };
    const section = within(await privacySection());
    expect(
      await section.findByText(
        'You asked on Nov 20, 2026 to delete your account. Because you logged in again on Nov 22, 2026, the deletion was cancelled and your account stays as it is.',
      ),
    ).toBeTruthy();
  });

  it('asks the member to confirm it is them when the download needs it, then downloads', async () => {
    let proven = false;
    state.exportAnswer = () => {
      if (!proven) throw new ApiError(-741, 'passport', 200);
      return exported;
    };
    state.confirmAnswer = () => {
      proven = true;
      return { export_allowed_until: '2026-11-25T10:05:00.000Z' };
    };
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Download my data' }));
    const form = within(await section.findByRole('form', { name: "Confirm it's you" }));
    expect(saveJsonFile).not.toHaveBeenCalled();
    fireEvent.click(form.getByRole('button', { name: 'Confirm and download' }));
    expect(await form.findByText('Please fill this in.')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalledWith(privacyConfirm, expect.anything());
    fireEvent.change(form.getByLabelText('Your password'), { target: { value: 'secret123' } });
    fireEvent.click(form.getByRole('button', { name: 'Confirm and download' }));
    expect((await section.findByRole('status')).textContent).toBe('Your data has been downloaded.');
    expect(api.call).toHaveBeenCalledWith(privacyConfirm, { pwd: 'sealed:secret123' });
    expect(saveJsonFile).toHaveBeenCalledWith('joypeak-my-data-2026-11-25.json', exported);
  });

  it('lets a social-login member delete the account with a code e-mailed to them', async () => {
    state.status = socialStatus;
    state.deleteAnswer = () => ({ ...socialStatus, deletion: pending });
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Delete my account' }));
    const form = within(await section.findByRole('form', { name: 'Delete your account?' }));
    expect(form.queryByLabelText('Your password')).toBeNull();
    expect(form.getByText(/p\*\*\*m@gmail\.com/)).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Send code' }));
    expect(await form.findByText(/We've sent a verification code/)).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(privacyCodeSend, {});
    fireEvent.change(form.getByLabelText('Verification code'), { target: { value: ' 123456 ' } });
    fireEvent.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await section.findByText(/will be deleted on Dec 9, 2026/)).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(privacyDelete, { code: '123456' });
  });

  it('sends a member with no way to prove it to customer service', async () => {
    state.status = { ...noRequest, proof: { password: 0, passkey: 0, email: null } };
    const section = within(await privacySection());
    fireEvent.click(await section.findByRole('button', { name: 'Delete my account' }));
    const form = within(await section.findByRole('form', { name: 'Delete your account?' }));
    expect(form.getByText(/please contact customer service/i)).toBeTruthy();
    expect(form.getByRole('link', { name: 'Contact customer service' })).toBeTruthy();
    expect(form.queryByLabelText('Your password')).toBeNull();
  });
});
