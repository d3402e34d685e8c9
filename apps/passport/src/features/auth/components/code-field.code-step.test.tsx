import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import { imgCaptcha } from '@gp/contracts/passport';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';

let pictures = 0;
const api = tableApi(
  new Map<CallContract, unknown>([
    [
      imgCaptcha,
      () => ({ img_token: `img-${++pictures}`, image: 'data:image/svg+xml,<svg/>', expires_in: 120 }),
    ],
  ]),
);
vi.mock('../../../lib/api-client.ts', () => ({ api }));
const { CodeStep } = await import('./code-field.tsx');
const { FormMessages } = await import('../../../components/form-messages.tsx');
const { useCodeStep } = await import('./use-code-step.ts');

type Send = (imgToken: string, answer: string) => Promise<{ resend_after: number }>;

/** A form with nothing but the code step, as the sign-up and reset forms use it. */
function CodeForm({ send, fieldErrors = {} }: { send: Send; fieldErrors?: Record<string, string> }) {
  const step = useCodeStep();
  return (
    <form aria-label="Code form" noValidate>
      <FormMessages alert={step.alert} />
      <p>{step.errors.email}</p>
      <CodeStep
        step={step}
        label="Code"
        onSend={() => step.sendCode(fieldErrors, send, () => 'On its way')}
      />
    </form>
  );
}

afterEach(() => {
  cleanup();
  api.call.mockClear();
  pictures = 0;
});

const captchaAnswer = (form: HTMLElement) => within(form).getByLabelText('Characters in the picture');
const sendButton = (form: HTMLElement) => within(form).getByRole('button', { name: /Send code|Resend in/ });

async function renderForm(send: Send, fieldErrors?: Record<string, string>) {
  await renderApp(<CodeForm send={send} {...(fieldErrors ? { fieldErrors } : {})} />);
  const form = await screen.findByRole('form', { name: 'Code form' });
  await within(form).findByRole('img', { name: /Security picture/ });
  return form;
}

describe('the code step', () => {
  it('asks for the field checks and the captcha answer before it sends anything', async () => {
    const send = vi.fn<Send>();
    const form = await renderForm(send, { email: 'Enter a valid e-mail address.' });
    fireEvent.click(sendButton(form));
    expect(captchaAnswer(form).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Please fill this in.')).toBeTruthy();
    expect(within(form).getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("sends with the picture's token and the answer, says so, counts down and shows a new picture", async () => {
    const send = vi.fn<Send>(async () => ({ resend_after: 60 }));
    const form = await renderForm(send);
    fireEvent.change(captchaAnswer(form), { target: { value: 'x7k2' } });
    fireEvent.click(sendButton(form));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', 'On its way');
    expect(send).toHaveBeenCalledWith('img-1', 'x7k2');
    const button = sendButton(form) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/^Resend in (60|59) s$/);
    await waitFor(() => expect(api.call).toHaveBeenCalledTimes(2));
    expect(captchaAnswer(form).getAttribute('aria-invalid')).toBeNull();
  });

  it('puts a captcha refusal on the captcha field and any other failure in the alert, leaving the button free', async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(new ApiError(-105, 'passport', 200))
      .mockRejectedValueOnce(new NetworkError('offline'));
    const form = await renderForm(send);
    fireEvent.change(captchaAnswer(form), { target: { value: 'nope' } });
    fireEvent.click(sendButton(form));
    await waitFor(() => expect(captchaAnswer(form).getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).queryByRole('alert')).toBeNull();

    fireEvent.change(captchaAnswer(form), { target: { value: 'again' } });
    fireEvent.click(sendButton(form));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(captchaAnswer(form).getAttribute('aria-invalid')).toBeNull();
    expect((sendButton(form) as HTMLButtonElement).disabled).toBe(false);
    expect(within(form).queryByText('On its way')).toBeNull();
  });
});
