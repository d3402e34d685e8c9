import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import {
  captchaAuthSend,
  countryList,
  imgCaptcha,
  smsSend,
  userChangePwd,
  userPwdUpdate,
  verifyCaptcha,
} from '@gp/contracts/passport';
import { ApiError } from '@gp/api-client';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import en from '@gp/i18n/locales/en/passport.json' with { type: 'json' };
import enErrors from '@gp/i18n/locales/en/errors.json' with { type: 'json' };

const sent = { expires_in: 600, resend_after: 60 };
const answers = new Map<CallContract, unknown>([
  [imgCaptcha, { img_token: 'img-1', image: 'data:image/svg+xml,<svg/>', expires_in: 120 }],
  [countryList, [{ cid: 66, code: 'TH', name: 'Thailand' }]],
  [verifyCaptcha, { ticket: 'ticket-1', expires_in: 300 }],
  [smsSend, sent],
  [captchaAuthSend, sent],
  [userChangePwd, null],
  [userPwdUpdate, null],
]);
const api = tableApi(answers);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
// Sealing is the browser's Web Crypto under the server's key: its own tests cover it.
vi.mock('../api/seal-passwords.ts', () => ({
  sealPasswords: async (...passwords: string[]) => passwords.map((p) => `sealed:${p}`),
}));
const { ChangePasswordByCodeForm } = await import('./change-password-by-code-form.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
});

const inputOf = (call: CallContract) => api.call.mock.calls.find(([c]) => c === call)?.[1];
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillAndSend() {
  await screen.findByRole('img', { name: en.captcha.image });
  type(en.captcha.label, 'ab12');
  fireEvent.click(screen.getByRole('button', { name: en.signup.sendCode }));
}

describe('ChangePasswordByCodeForm', () => {
  it('changes the password with a code to the linked e-mail, without the old password', async () => {
    await renderApp(<ChangePasswordByCodeForm hasEmail hasPhone />);
    expect(screen.getByRole('heading', { level: 2, name: en.guards.byCodeHeading })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: en.guards.byEmail }));
    type(en.guards.boundEmail, 'pim@example.com');
    await fillAndSend();
    expect(await screen.findByText(en.guards.codeSentEmail)).toBeTruthy();
    expect(inputOf(verifyCaptcha)).toEqual({ img_token: 'img-1', captcha: 'ab12', action: 'account' });
    expect(inputOf(captchaAuthSend)).toEqual({ user: 'pim@example.com', type: 'old', captcha: 'ticket-1' });
    type(en.signup.code, '123456');
    type(en.account.newPassword, 'Fresh2025a');
    type(en.account.confirm, 'Fresh2025a');
    fireEvent.click(screen.getByRole('button', { name: en.guards.byCodeSubmit }));
    expect(await screen.findByText(en.account.saved)).toBeTruthy();
    expect(inputOf(userPwdUpdate)).toEqual({
      captcha: '123456',
      pwd: 'sealed:Fresh2025a',
      rePwd: 'sealed:Fresh2025a',
    });
    expect(inputOf(userChangePwd)).toBeUndefined();
  });

  it('by SMS: the code goes to the linked number, and a common password is refused with its message', async () => {
    answers.set(userChangePwd, () => {
      throw new ApiError(-623, 'passport', 200);
    });
    await renderApp(<ChangePasswordByCodeForm hasEmail={false} hasPhone />);
    // Only the phone is linked: no choice to make.
    expect(screen.queryByRole('radio')).toBeNull();
    type(en.phone.number, '0812345678');
    await fillAndSend();
    expect(await screen.findByText(en.guards.codeSentPhone)).toBeTruthy();
    expect(inputOf(smsSend)).toEqual({ cid: 66, tel: '0812345678', type: 'old', captcha: 'ticket-1' });
    type(en.phone.code, '654321');
    type(en.account.newPassword, 'password1');
    type(en.account.confirm, 'password1');
    fireEvent.click(screen.getByRole('button', { name: en.guards.byCodeSubmit }));
    expect((await screen.findByRole('alert')).textContent).toBe(enErrors.passport.guards.commonPassword);
    expect(inputOf(userChangePwd)).toEqual({
      code: '654321',
      pwd: 'sealed:password1',
      repeatPwd: 'sealed:password1',
    });
  });

  it('checks the fields before any call, and shows nothing to a member with nothing linked', async () => {
    await renderApp(<ChangePasswordByCodeForm hasEmail hasPhone={false} />);
    fireEvent.click(screen.getByRole('button', { name: en.signup.sendCode }));
    expect(await screen.findByText(en.validation.email)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.guards.byCodeSubmit }));
    expect(await screen.findByText(en.validation.code)).toBeTruthy();
    expect(api.call.mock.calls.map(([c]) => c)).not.toContain(userPwdUpdate);
    cleanup();
    await renderApp(<ChangePasswordByCodeForm hasEmail={false} hasPhone={false} />);
    expect(screen.queryByRole('heading', { name: en.guards.byCodeHeading })).toBeNull();
  });
});
