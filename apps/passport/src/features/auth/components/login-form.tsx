import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { captchaCodes, errorMessage } from '../model/error-message.ts';
import { login } from '../api/login.ts';
import { AuthForm, SubmitButton } from './auth-form.tsx';
import { CaptchaField, type CaptchaState } from './captcha-field.tsx';
import { Field } from '../../../components/field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import styles from './forms.module.css';

/** The field rules use zod: loaded when the visitor starts on the form, not with the page. */
const loadRules = () => import('../model/login-rules.ts');

/**
 * Account + password + captcha (spec 4-5). Every refusal shows its translated message; nothing typed is lost.
 * `initialUser`: what the account field starts with (the member sign-up has just created).
 */
export function LoginForm({
  initialUser = '',
  returnTo,
  onDone,
}: {
  initialUser?: string;
  returnTo: string;
  onDone: (next: string) => void;
}) {
  const { t } = useTranslation('passport');
  const [user, setUser] = useState(initialUser);
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const validate = async () => {
    const rules = await loadRules();
    const found: Record<string, string> = {};
    const account = user.trim();
    if (!account) found.user = t('validation.required');
    else if (!rules.isLoginAccount(account)) found.user = t('validation.account');
    if (!rules.isPassword(password)) found.password = t('validation.passwordRule');
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    let valid: boolean;
    try {
      valid = await validate();
    } catch (error) {
      // The rules' chunk did not arrive (offline): say so, as for a call that got no answer.
      setAlert(errorMessage(t, error));
      return;
    }
    if (!valid) return;
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
    <AuthForm onSubmit={submit} onFocus={() => void loadRules()}>
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
      <SubmitButton busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} />
    </AuthForm>
  );
}
