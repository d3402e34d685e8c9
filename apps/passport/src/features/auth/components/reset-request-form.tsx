import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule } from '@gp/contracts/passport';
import { site } from '@gp/config';
import { authCalls } from '../api/auth.calls.ts';
import { CaptchaField } from './captcha-field.tsx';
import { AuthForm, SubmitButton } from './auth-form.tsx';
import { EmailField } from './email-field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { useCodeStep } from './use-code-step.ts';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/** Step one of the reset: e-mail and captcha; then "check your inbox" with a resend countdown. */
export function ResetRequestForm() {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  // The link's step is a code's without the code: the captcha, the sending and the wait before a resend.
  const step = useCodeStep();
  const { errors, alert, send } = step;
  const { wait, startWait } = step.code;
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    await send(
      emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') },
      (imgToken, answer) =>
        authCalls.sendResetLink({
          email: email.trim(),
          email_type: 'reset',
          captcha: answer,
          img_token: imgToken,
          distribution_region: site.distributionRegion,
        }),
      (resendAfter) => {
        setSentTo(email.trim());
        startWait(resendAfter);
      },
    );
    setBusy(false);
  };

  if (sentTo && wait > 0) {
    return (
      <div className={styles.form}>
        <FormMessages notice={t('findpwd.sent', { email: sentTo })} />
        <p className={controls.hint}>{t('findpwd.resendIn', { seconds: wait })}</p>
      </div>
    );
  }

  return (
    <AuthForm onSubmit={submit} aria-label={t('findpwd.title')}>
      <p>{t('findpwd.intro')}</p>
      <FormMessages alert={alert} />
      <EmailField
        label={t('findpwd.email')}
        name="email"
        required
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <CaptchaField {...step.captchaField} />
      <SubmitButton
        busy={busy}
        label={sentTo ? t('findpwd.resend') : t('findpwd.send')}
        busyLabel={t('findpwd.sending')}
      />
    </AuthForm>
  );
}
