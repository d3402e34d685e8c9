import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import {
  captchaAuthSend,
  imgCaptcha,
  userEmailBind,
  verifyCaptcha,
  type UserInfo,
} from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

const bound: UserInfo = {
  mid: 1,
  user_id: 'pim@example.com',
  nick_name: 'pim',
  nickName: 'pim',
  loginType: 0,
  bind_email: 'n***w@example.com',
  bind_tel: null,
};
const api = tableApi(
  new Map<CallContract, unknown>([
    [imgCaptcha, { img_token: 'img-1', image: 'data:image/svg+xml,<svg/>', expires_in: 120 }],
    [verifyCaptcha, { ticket: 'ticket-1', expires_in: 120 }],
    [captchaAuthSend, { expires_in: 600, resend_after: 60 }],
    [userEmailBind, bound],
  ]),
);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
// jsdom's WebCrypto cannot take its own ArrayBuffers; the sealing itself is the API tests' (RSA-OAEP) concern.
vi.mock('../api/seal-passwords.ts', () => ({
  sealPasswords: async (...passwords: string[]) => passwords.map((p) => `sealed(${p})`),
}));
const { BindEmailForm } = await import('./bind-email-form.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
});

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('BindEmailForm changing a linked e-mail', () => {
  it('asks for the password and both codes before it calls', async () => {
    await renderApp(<BindEmailForm hasEmail onBound={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Change your e-mail' });
    fireEvent.click(within(form).getByRole('button', { name: 'Change e-mail' }));
    const password = within(form).getByLabelText('Current password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Code sent to your current e-mail').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.call).not.toHaveBeenCalledWith(userEmailBind, expect.anything());
  });

  it('sends the old address its code, then changes the e-mail with the sealed password', async () => {
    const onBound = vi.fn();
    await renderApp(<BindEmailForm hasEmail onBound={onBound} />);
    const form = await screen.findByRole('form', { name: 'Change your e-mail' });
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith(imgCaptcha, expect.anything()));
    fill(form, 'Characters in the picture', 'abcd');
    fill(form, 'Your current e-mail address', 'pim@example.com');
    const [sendOld] = within(form).getAllByRole('button', { name: 'Send code' });
    fireEvent.click(sendOld!);
    await vi.waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(captchaAuthSend, {
        user: 'pim@example.com',
        type: 'old',
        captcha: 'ticket-1',
      }),
    );
    fill(form, 'Current password', 'Secret123');
    fill(form, 'Code sent to your current e-mail', '111111');
    fill(form, 'E-mail to link', 'new@example.com');
    fill(form, 'Code sent to that e-mail', '222222');
    fireEvent.click(within(form).getByRole('button', { name: 'Change e-mail' }));
    await vi.waitFor(() => expect(onBound).toHaveBeenCalledWith(bound));
    const sent = api.call.mock.calls.find(([contract]) => contract === userEmailBind)![1] as Record<
      string,
      string
    >;
    // The password leaves the browser sealed, never as typed.
    expect(sent).toEqual({
      user: 'new@example.com',
      captcha: '222222',
      oldCaptcha: '111111',
      pwd: 'sealed(Secret123)',
    });
    expect(
      within(form)
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).toContain('Your e-mail has been changed. Other devices have been logged out.');
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('says a code is on its way, and why it may not come (an address another account holds gets none)', async () => {
    await renderApp(<BindEmailForm onBound={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Link an e-mail' });
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith(imgCaptcha, expect.anything()));
    fill(form, 'Characters in the picture', 'abcd');
    fill(form, 'E-mail to link', 'new@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() =>
      expect(
        within(form)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain(
        "We sent a 6-digit code to new@example.com. It is valid for 10 minutes. If it doesn't arrive, that address may already be linked to another account.",
      ),
    );
    expect(api.call).toHaveBeenCalledWith(captchaAuthSend, {
      user: 'new@example.com',
      type: 'bind',
      captcha: 'ticket-1',
    });
  });

  it('links a first e-mail without an old-address code', async () => {
    await renderApp(<BindEmailForm onBound={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Link an e-mail' });
    expect(within(form).queryByLabelText('Code sent to your current e-mail')).toBeNull();
    expect(within(form).getByLabelText('Current password')).toBeTruthy();
  });

  it('takes a passkey instead of the password when the member has one, asked at submit', async () => {
    const onBound = vi.fn();
    const prove = vi.fn(async () => '{"id":"cred"}');
    const passkeyProof = { prove, errorText: () => 'The passkey request was cancelled.' };
    await renderApp(<BindEmailForm onBound={onBound} passkeyProof={passkeyProof} />);
    const form = await screen.findByRole('form', { name: 'Link an e-mail' });
    fireEvent.click(within(form).getByRole('button', { name: 'Use a passkey instead' }));
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    fill(form, 'E-mail to link', 'new@example.com');
    fill(form, 'Code sent to that e-mail', '123456');
    expect(prove).not.toHaveBeenCalled();

    prove.mockRejectedValueOnce(new Error('cancelled'));
    fireEvent.click(within(form).getByRole('button', { name: 'Link e-mail' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The passkey request was cancelled.');
    expect(api.call).not.toHaveBeenCalledWith(userEmailBind, expect.anything());

    fireEvent.click(within(form).getByRole('button', { name: 'Link e-mail' }));
    await vi.waitFor(() => expect(onBound).toHaveBeenCalledWith(bound));
    expect(api.call).toHaveBeenCalledWith(userEmailBind, {
      user: 'new@example.com',
      captcha: '123456',
      passkey: '{"id":"cred"}',
    });
    // Back to the password, if the member prefers.
    fireEvent.click(within(form).getByRole('button', { name: 'Use your password instead' }));
    expect(within(form).getByLabelText('Current password')).toBeTruthy();
  });
});
