import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { emailRule } from '@gp/contracts/passport';
import { captchaCodes, errorMessage } from '../api/error-message.ts';
import { sendResetLink } from '../api/reset-password.ts';
import { CaptchaField, type CaptchaState } from './captcha-field.tsx';
import { Field } from './field.tsx';
import { FormMessages } from './form-messages.tsx';
import { useCountdown } from './use-countdown.ts';
import styles from './forms.module.css';

/** Step one of the reset: e-mail and captcha; then "check your inbox" with a resend countdown. */
export function ResetRequestForm() {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [wait, startWait] = useCountdown();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found: Record<string, string> = {};
    if (!emailRule.safeParse(email.trim()).success) found.email = t('validation.email');
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const sent = await sendResetLink(email.trim(), captcha.imgToken, captcha.answer);
      setSentTo(email.trim());
      startWait(sent.resend_after);
    } catch (error) {
      if (error instanceof ApiError && captchaCodes.has(error.code))
        setErrors({ captcha: errorMessage(t, error) });
      else setAlert(errorMessage(t, error));
    }
    setCaptchaVersion((v) => v + 1);
    setBusy(false);
  };

  if (sentTo && wait > 0) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.notice}>
          {t('findpwd.sent', { email: sentTo })}
        </p>
        <p className={styles.hint}>{t('findpwd.resendIn', { seconds: wait })}</p>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('findpwd.intro')}</p>
      <FormMessages alert={alert} />
      <Field
        label={t('findpwd.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <CaptchaField value={captcha} onChange={setCaptcha} version={captchaVersion} error={errors.captcha} />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('findpwd.sending') : sentTo ? t('findpwd.resend') : t('findpwd.send')}
      </button>
    </form>
  );
}
