import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { emailRule, nicknameRule, passwordRule, phoneRule } from '@gp/contracts/passport';
import { SiteLink } from '@gp/ui/site-link';
import { captchaCodes, errorMessage } from '../api/error-message.ts';
import { registerByPhone, sendSmsCode } from '../api/phone.ts';
import { registerByEmail, sendRegisterCode } from '../api/register-email.ts';
import { PhoneFields } from './phone-fields.tsx';
import { CaptchaField, type CaptchaState } from './captcha-field.tsx';
import { Field } from './field.tsx';
import styles from './forms.module.css';

const resendSeconds = 60;

/**
 * Registration (spec 4-5) by e-mail (code to the inbox) or by phone (country list, SMS code, nickname): password
 * twice, terms; success hands over to login.
 */
export function SignupForm({
  method,
  onRegistered,
}: {
  method: 'email' | 'phone';
  onRegistered: (nickName: string) => void;
}) {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState({ cid: 66, tel: '' });
  const [nickName, setNickName] = useState('');
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

  const identityErrors = () => {
    const found: Record<string, string> = {};
    if (method === 'email' && !emailRule.safeParse(email.trim()).success) found.email = t('validation.email');
    if (method === 'phone' && !phoneRule.safeParse(phone.tel).success) found.tel = t('validation.phone');
    return found;
  };

  const sendCode = async () => {
    setAlert('');
    const found = identityErrors();
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (method === 'email') {
        await sendRegisterCode(email.trim(), captcha.imgToken, captcha.answer);
        setNotice(t('signup.codeSent', { email: email.trim() }));
      } else {
        await sendSmsCode(phone.cid, phone.tel, 'register', captcha.imgToken, captcha.answer);
        setNotice(t('phone.codeSent', { number: `${phone.cid} ${phone.tel.replace(/^0+/, '')}` }));
      }
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
    const found = identityErrors();
    if (method === 'phone' && !nicknameRule.safeParse(nickName.trim()).success)
      found.nickName = t('validation.nickname');
    if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.code');
    if (!passwordRule.safeParse(password).success) found.password = t('validation.passwordRule');
    else if (password !== confirmation) found.confirmation = t('validation.passwordsDiffer');
    if (!agree) found.agree = t('validation.agree');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const account =
        method === 'email'
          ? await registerByEmail({ email: email.trim(), code: code.trim(), password, confirmation })
          : await registerByPhone({
              ...phone,
              code: code.trim(),
              nickName: nickName.trim(),
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
      {method === 'email' ? (
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
      ) : (
        <PhoneFields cid={phone.cid} tel={phone.tel} onChange={setPhone} error={errors.tel} />
      )}
      <CaptchaField value={captcha} onChange={setCaptcha} version={captchaVersion} error={errors.captcha} />
      <Field
        label={method === 'email' ? t('signup.code') : t('phone.code')}
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
      {method === 'phone' && (
        <Field
          label={t('phone.nickname')}
          hint={t('phone.nicknameHint')}
          name="nickName"
          autoComplete="nickname"
          maxLength={16}
          required
          value={nickName}
          onChange={(e) => setNickName(e.target.value)}
          error={errors.nickName}
        />
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
