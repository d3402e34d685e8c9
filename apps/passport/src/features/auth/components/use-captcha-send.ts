import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { captchaCodes, errorMessage } from '../model/error-message.ts';
import type { CaptchaState } from './captcha-field.tsx';

/**
 * The captcha that guards "send code" buttons, and the sending itself: field checks first, then the call with
 * the captcha answer; a captcha refusal lands on the captcha field, anything else in the form alert. Every
 * attempt spends the picture, so a new one is shown after it.
 */
export function useCaptchaSend(report: {
  setErrors: (errors: Record<string, string>) => void;
  setAlert: (message: string) => void;
}) {
  const { t } = useTranslation('passport');
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);

  const send = async (
    fieldErrors: Record<string, string>,
    call: (imgToken: string, answer: string) => Promise<{ resend_after: number }>,
    onSent: (resendAfter: number) => void,
  ) => {
    report.setAlert('');
    const found = { ...fieldErrors };
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    report.setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      onSent((await call(captcha.imgToken, captcha.answer)).resend_after);
    } catch (error) {
      if (error instanceof ApiError && captchaCodes.has(error.code))
        report.setErrors({ captcha: errorMessage(t, error) });
      else report.setAlert(errorMessage(t, error));
    }
    setCaptchaVersion((v) => v + 1);
  };

  return { captcha, setCaptcha, captchaVersion, send };
}
