import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { emailRule, passwordRule } from '@gp/contracts/passport';
import { SiteLink } from '@gp/ui/site-link';
import { captchaCodes, errorMessage } from '../api/error-message.ts';
import { registerByEmail, sendRegisterCode } from '../api/register-email.ts';
import { CaptchaField, type CaptchaState } from './captcha-field.tsx';
import { Field } from './field.tsx';
import styles from './forms.module.css';

const resendSeconds = 60;

/** Registration by e-mail (spec 4-5): code to the inbox, password twice, terms; success hands over to login. */
export function SignupForm({ onRegistered }: { onRegistered: (nickName: string) => void }) {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agree, setAgree] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    setAlert('');
    const found: Record<string, string> = {};
    if (!emailRule.safeParse(email.trim()).success) found.email = t('validation.email');
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await sendRegisterCode(email.trim(), captcha.imgToken, captcha.answer);
      setNotice(t('signup.codeSent', { email: email.trim() }));
      setWait(resendSeconds);
    } catch (error) {
      if (error instanceof ApiError && captchaCodes.has(error.code))
        setErrors({ captcha: errorMessage(t, error) });
      else setAlert(errorMessage(t, error));
    }
    setCaptchaVersion((v) => v + 1);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found: Record<string, string> = {};
    if (!emailRule.safeParse(email.trim()).success) found.email = t('validation.email');
    if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.code');
    if (!passwordRule.safeParse(password).success) found.password = t('validation.passwordRule');
    else if (password !== confirmation) found.confirmation = t('validation.passwordsDiffer');
    if (!agree) found.agree = t('validation.agree');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const account = await registerByEmail({
        email: email.trim(),
        code: code.trim(),
        password,
        confirmation,
      });
      onRegistered(account.nickName);
    } catch (error) {
      setAlert(errorMessage(t, error));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <Field
        label={t('signup.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <CaptchaField value={captcha} onChange={setCaptcha} version={captchaVersion} error={errors.captcha} />
      <Field
        label={t('signup.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
      >
        <button
          type="button"
          className={styles.secondary}
          disabled={wait > 0}
          onClick={() => void sendCode()}
        >
          {wait > 0 ? t('signup.resendIn', { seconds: wait }) : t('signup.sendCode')}
        </button>
      </Field>
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      <Field
        label={t('signup.password')}
        hint={t('signup.passwordHint')}
        type="password"
        name="password"
        autoComplete="new-password"
        maxLength={16}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label={t('signup.confirm')}
        type="password"
        name="confirmation"
        autoComplete="new-password"
        maxLength={16}
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={errors.confirmation}
      />
      <div className={styles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
          />
          <span>
            <Trans
              t={t}
              i18nKey="signup.agree"
              components={{
                terms: <SiteLink to="/terms" target="_blank" />,
                privacy: <SiteLink to="/privacy" target="_blank" />,
              }}
            />
          </span>
        </label>
        {errors.agree && <p className={styles.error}>{errors.agree}</p>}
      </div>
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('signup.submitting') : t('signup.submit')}
      </button>
    </form>
  );
}
