import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { passwordRule, phoneRule } from '@gp/contracts/passport';
import { captchaCodes, errorMessage } from '../api/error-message.ts';
import { resetByPhone, sendSmsCode } from '../api/phone.ts';
import { CaptchaField, type CaptchaState } from './captcha-field.tsx';
import { Field } from './field.tsx';
import { PhoneFields } from './phone-fields.tsx';
import styles from './forms.module.css';

/** Reset by phone (spec 7 /web/reset/pwd): SMS code, then the new password twice; every session ends. */
export function PhoneResetForm() {
  const { t } = useTranslation('passport');
  const [phone, setPhone] = useState({ cid: 66, tel: '' });
  const [captcha, setCaptcha] = useState<CaptchaState>({ imgToken: '', answer: '' });
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    setAlert('');
    const found: Record<string, string> = {};
    if (!phoneRule.safeParse(phone.tel).success) found.tel = t('validation.phone');
    if (!captcha.answer.trim()) found.captcha = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const sent = await sendSmsCode(phone.cid, phone.tel, 'reset', captcha.imgToken, captcha.answer);
      setNotice(t('phone.codeSent', { number: `${phone.cid} ${phone.tel.replace(/^0+/, '')}` }));
      setWait(sent.resend_after);
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
    if (!phoneRule.safeParse(phone.tel).success) found.tel = t('validation.phone');
    if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.code');
    if (!passwordRule.safeParse(password).success) found.password = t('validation.passwordRule');
    else if (password !== confirmation) found.confirmation = t('validation.passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetByPhone({ ...phone, code: code.trim(), password, confirmation });
      setDone(true);
    } catch (error) {
      setAlert(errorMessage(t, error));
    }
    setBusy(false);
  };

  if (done) {
    return (
      <p role="status" className={styles.notice}>
        {t('phone.resetDone')}
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('phone.resetIntro')}</p>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <PhoneFields cid={phone.cid} tel={phone.tel} onChange={setPhone} error={errors.tel} />
      <CaptchaField value={captcha} onChange={setCaptcha} version={captchaVersion} error={errors.captcha} />
      <Field
        label={t('phone.code')}
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
        label={t('phone.newPassword')}
        hint={t('signup.passwordHint')}
        type="password"
        autoComplete="new-password"
        maxLength={16}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label={t('findpwd.confirm')}
        type="password"
        autoComplete="new-password"
        maxLength={16}
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={errors.confirmation}
      />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('findpwd.saving') : t('findpwd.save')}
      </button>
    </form>
  );
}
