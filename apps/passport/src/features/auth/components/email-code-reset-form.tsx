import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule } from '@gp/contracts/passport';
import { resetByEmailCode, sendResetEmailCode } from '../api/reset-by-email-code.ts';
import { errorMessage } from '../model/error-message.ts';
import { CaptchaField } from './captcha-field.tsx';
import { CodeField } from './code-field.tsx';
import { Field } from './field.tsx';
import { FormMessages } from './form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { useCaptchaSend } from './use-captcha-send.ts';
import { useCountdown } from './use-countdown.ts';
import styles from './forms.module.css';

/**
 * Reset with an e-mail code (spec 7 /web/reset/pwd with user + captcha), beside the reset link: the code, then
 * the new password twice; every session ends. The send answers alike whether the address has an account.
 */
export function EmailCodeResetForm() {
  const { t } = useTranslation('passport');
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [wait, startWait] = useCountdown();
  const { captcha, setCaptcha, captchaVersion, send } = useCaptchaSend({ setErrors, setAlert });

  const emailErrors = (): Record<string, string> =>
    emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') };

  const sendCode = () =>
    send(
      emailErrors(),
      (imgToken, answer) => sendResetEmailCode(email.trim(), imgToken, answer),
      (resendAfter) => {
        setNotice(t('guards.resetCodeSent', { email: email.trim() }));
        startWait(resendAfter);
      },
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = { ...emailErrors(), ...passwordPairErrors(passwords, t) };
    if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.code');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetByEmailCode({ email: email.trim(), code: code.trim(), ...passwords });
      setDone(true);
    } catch (error) {
      setAlert(errorMessage(t, error));
    }
    setBusy(false);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{t('guards.resetByCodeHeading')}</h2>
      {done ? (
        <FormMessages notice={t('phone.resetDone')} />
      ) : (
        <>
          <p>{t('guards.resetByCodeIntro')}</p>
          <FormMessages alert={alert} />
          <Field
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <CaptchaField
            value={captcha}
            onChange={setCaptcha}
            version={captchaVersion}
            error={errors.captcha}
          />
          <CodeField
            label={t('signup.code')}
            value={code}
            onChange={setCode}
            error={errors.code}
            wait={wait}
            onSend={() => void sendCode()}
          />
          <FormMessages notice={notice} />
          <PasswordPair
            value={passwords}
            onChange={setPasswords}
            errors={errors}
            labels={{ password: t('phone.newPassword'), confirmation: t('findpwd.confirm') }}
          />
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t('findpwd.saving') : t('findpwd.save')}
          </button>
        </>
      )}
    </form>
  );
}
