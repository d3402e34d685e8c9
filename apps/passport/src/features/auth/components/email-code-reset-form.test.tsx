import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallContract } from '@gp/contracts';
import { captchaGenericSend, imgCaptcha, resetPwd, verifyCaptcha } from '@gp/contracts/passport';
import { ApiError } from '@gp/api-client';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import en from '@gp/i18n/locales/en/passport.json' with { type: 'json' };
import enErrors from '@gp/i18n/locales/en/errors.json' with { type: 'json' };

const answers = new Map<CallContract, unknown>([
  [imgCaptcha, { img_token: 'img-1', image: 'data:image/svg+xml,<svg/>', expires_in: 120 }],
  [verifyCaptcha, { ticket: 'ticket-r', expires_in: 300 }],
  [captchaGenericSend, { expires_in: 600, resend_after: 60 }],
  [resetPwd, null],
]);
const api = tableApi(answers);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
vi.mock('../api/seal-passwords.ts', () => ({
  sealPasswords: async (...passwords: string[]) => passwords.map((p) => `sealed:${p}`),
}));
const { EmailCodeResetForm } = await import('./email-code-reset-form.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
});

const inputOf = (call: CallContract) => api.call.mock.calls.find(([c]) => c === call)?.[1];
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function sendAndFill(password: string) {
  await renderApp(<EmailCodeResetForm />);
  await screen.findByRole('img', { name: en.captcha.image });
  type(en.signup.email, 'linh@example.com');
  type(en.captcha.label, 'ab12');
  fireEvent.click(screen.getByRole('button', { name: en.signup.sendCode }));
  expect(
    await screen.findByText(en.guards.resetCodeSent.replace('{{email}}', 'linh@example.com')),
  ).toBeTruthy();
  type(en.signup.code, '246810');
  type(en.phone.newPassword, password);
  type(en.findpwd.confirm, password);
  fireEvent.click(screen.getByRole('button', { name: en.findpwd.save }));
}

describe('EmailCodeResetForm', () => {
  it('sends a reset code with a ticket solved for a reset, then sets the new password with the code', async () => {
    await sendAndFill('Fresh2025c');
    expect(await screen.findByText(en.phone.resetDone)).toBeTruthy();
    expect(inputOf(verifyCaptcha)).toEqual({ img_token: 'img-1', captcha: 'ab12', action: 'reset' });
    expect(inputOf(captchaGenericSend)).toEqual({
      user: 'linh@example.com',
      type: 'reset',
      captcha: 'ticket-r',
    });
    expect(inputOf(resetPwd)).toEqual({
      user: 'linh@example.com',
      captcha: '246810',
      pwd: 'sealed:Fresh2025c',
      rePwd: 'sealed:Fresh2025c',
    });
  });

  it('shows the common-password refusal', async () => {
    answers.set(resetPwd, () => {
      throw new ApiError(500007, 'passport', 200);
    });
    await sendAndFill('sunshine');
    expect((await screen.findByRole('alert')).textContent).toBe(enErrors.passport.guards.commonPassword);
  });
});
