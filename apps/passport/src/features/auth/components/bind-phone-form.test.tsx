import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import {
  countryList,
  imgCaptcha,
  smsSend,
  userHandleTel,
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
  bind_email: 'p***m@example.com',
  bind_tel: '66******678',
};
const api = tableApi(
  new Map<CallContract, unknown>([
    [imgCaptcha, { img_token: 'img-1', image: 'data:image/svg+xml,<svg/>', expires_in: 120 }],
    [countryList, [{ cid: 66, code: 'TH', name: 'Thailand' }]],
    [verifyCaptcha, { ticket: 'ticket-1', expires_in: 120 }],
    [smsSend, { expires_in: 600, resend_after: 60 }],
    [userHandleTel, bound],
  ]),
);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
// jsdom's WebCrypto cannot take its own ArrayBuffers; the sealing itself is the API tests' (RSA-OAEP) concern.
vi.mock('../api/seal-passwords.ts', () => ({
  sealPasswords: async (...passwords: string[]) => passwords.map((p) => `sealed(${p})`),
}));
const { BindPhoneForm } = await import('./bind-phone-form.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
});

describe('BindPhoneForm', () => {
  it('needs the current password, and sends it sealed with the codes', async () => {
    const onBound = vi.fn();
    await renderApp(<BindPhoneForm hasPhone onBound={onBound} />);
    const form = await screen.findByRole('form', { name: 'Change your phone number' });
    const next = within(form).getByRole('group', { name: 'New number' });
    fireEvent.change(within(next).getByLabelText('Phone number'), { target: { value: '812345678' } });
    fireEvent.change(within(next).getByLabelText('Code sent to the new number'), {
      target: { value: '222222' },
    });
    fireEvent.change(within(form).getByLabelText('Code sent to your current number'), {
      target: { value: '111111' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Link phone number' }));
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(api.call).not.toHaveBeenCalledWith(userHandleTel, expect.anything());

    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Link phone number' }));
    await vi.waitFor(() => expect(onBound).toHaveBeenCalledWith(bound));
    expect(api.call).toHaveBeenCalledWith(userHandleTel, {
      cid: 66,
      tel: '812345678',
      code: '222222',
      oldCode: '111111',
      pwd: 'sealed(Secret123)',
    });
  });

  it('says a code is on its way to the new number, and why it may not come', async () => {
    await renderApp(<BindPhoneForm hasPhone={false} onBound={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Link a phone number' });
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith(imgCaptcha, expect.anything()));
    fireEvent.change(within(form).getByLabelText('Characters in the picture'), { target: { value: 'abcd' } });
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '812345678' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() =>
      expect(
        within(form)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain(
        "We sent a 6-digit code by SMS to +66 812345678. It is valid for 10 minutes. If it doesn't arrive, that number may already be linked to another account.",
      ),
    );
    expect(api.call).toHaveBeenCalledWith(smsSend, {
      cid: 66,
      tel: '812345678',
      type: 'bind',
      captcha: 'ticket-1',
    });
  });
});
