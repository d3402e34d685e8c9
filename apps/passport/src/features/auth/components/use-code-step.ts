import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { captchaCodes, errorMessage } from '../model/error-message.ts';
import { useFormMessages } from './auth-form.tsx';
import type { CaptchaState } from './captcha-field.tsx';
import { useCountdown } from './use-countdown.ts';

/**
 * A code the member types, and the seconds before another may be asked for (the send button counts them
 * down).
 */
export interface CodeSlot {
  value: string;
  set: (code: string) => void;
  wait: number;
  startWait: (seconds: number) => void;
}

export function useCodeSlot(): CodeSlot {
  const [value, set] = useState('');
  const [wait, startWait] = useCountdown();
  return { value, set, wait, startWait };
}

/** A code as the server sends them: six digits. */
export const isCode = (value: string) => /^\d{6}$/.test(value.trim());

/**
 * The step every form that sends a code (or a link) shares: the form's field errors, alert and notice, the
 * captcha that guards the send button, and the code with its countdown. Sending checks the fields and the
 * captcha answer first, then calls with the answer; a captcha refusal lands on the captcha field, anything
 * else in the form alert. Every attempt spends the picture, so a new one is shown after it.
 */
export function useCodeStep() {
  const { t } = useTranslation('passport');
  const messages = useFormMessages();
  const { errors, setErrors, setAlert, setNotice } = messages;
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const code = useCodeSlot();

  const send = async (
    fieldErrors: Record<string, string>,
    call: (imgToken: string, answer: string) => Promise<{ resend_after: number }>,
    onSent: (resendAfter: number) => void,
  ) => {
    setAlert('');
    const found = { ...fieldErrors };
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      onSent((await call(captcha.imgToken, captcha.answer)).resend_after);
    } catch (error) {
      if (error instanceof ApiError && captchaCodes.has(error.code))
        setErrors({ captcha: errorMessage(t, error) });
      else setAlert(errorMessage(t, error));
    }
    setCaptchaVersion((v) => v + 1);
  };

  /** Sends a code; once it is on its way the form says `sent` and `slot` counts down to the next send. */
  const sendCode = (
    fieldErrors: Record<string, string>,
    call: (imgToken: string, answer: string) => Promise<{ resend_after: number }>,
    sent: () => string,
    slot: CodeSlot = code,
  ) =>
    send(fieldErrors, call, (resendAfter) => {
      setNotice(sent());
      slot.startWait(resendAfter);
    });

  return {
    ...messages,
    code,
    send,
    sendCode,
    /** The props of the form's `CaptchaField`. */
    captchaField: { value: captcha, onChange: setCaptcha, version: captchaVersion, error: errors.captcha },
  };
}

export type CodeStepState = ReturnType<typeof useCodeStep>;
