import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { emailRule, passwordRule } from '@gp/contracts/passport';
import { captchaCodes, errorMessage } from '../api/error-message.ts';
import { login } from '../api/login.ts';
import { CaptchaField, type CaptchaState } from './captcha-field.tsx';
import { Field } from './field.tsx';
import { FormMessages } from './form-messages.tsx';
import styles from './forms.module.css';

const phoneWithCountry = /^\+?\d{6,18}$/;

/** Account + password + captcha (spec 4-5). Every refusal shows its translated message; nothing typed is lost. */
export function LoginForm({ returnTo, onDone }: { returnTo: string; onDone: (next: string) => void }) {
  const { t } = useTranslation('passport');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const validate = () => {
    const found: Record<string, string> = {};
    const account = user.trim();
    if (!account) found.user = t('validation.required');
    else if (!emailRule.safeParse(account).success && !phoneWithCountry.test(account))
      found.user = t('validation.account');
    if (!passwordRule.safeParse(password).success) found.password = t('validation.passwordRule');
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    if (!validate()) return;
    setBusy(true);
    try {
      onDone(
        await login({
          user: user.trim(),
          password,
          imgToken: captcha.imgToken,
          captcha: captcha.answer,
          keep,
          gourl: returnTo,
        }),
      );
    } catch (error) {
      setAlert(errorMessage(t, error));
      // Every attempt spends the captcha (a wrong answer or a used ticket): a new picture for the next try.
      setCaptchaVersion((v) => v + 1);
      if (error instanceof ApiError && captchaCodes.has(error.code))
        setErrors({ captcha: errorMessage(t, error) });
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <FormMessages alert={alert} />
      <Field
        label={t('login.account')}
        hint={t('login.accountHint')}
        name="user"
        autoComplete="username"
        inputMode="email"
        required
        value={user}
        onChange={(e) => setUser(e.target.value)}
        error={errors.user}
      />
      <Field
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        maxLength={16}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <CaptchaField value={captcha} onChange={setCaptcha} version={captchaVersion} error={errors.captcha} />
      <label className={styles.check}>
        <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
        {t('login.keep')}
      </label>
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
