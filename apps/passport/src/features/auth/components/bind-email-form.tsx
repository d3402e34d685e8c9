import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule, type UserInfo } from '@gp/contracts/passport';
import { bindEmail } from '../api/bind-email.ts';
import { sendBindEmailCode } from '../api/send-bind-email-code.ts';
import { errorMessage } from '../model/error-message.ts';
import { CaptchaField } from './captcha-field.tsx';
import { useCaptchaSend } from './use-captcha-send.ts';
import { CodeField } from './code-field.tsx';
import { Field } from './field.tsx';
import { FormMessages } from './form-messages.tsx';
import { useCountdown } from './use-countdown.ts';
import styles from './forms.module.css';

/** Links an e-mail to the account: a code to that address proves it is the member's (spec 7 /web/user/email/bind). */
export function BindEmailForm({ onBound }: { onBound: (user: UserInfo) => void }) {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const {
    captcha,
    setCaptcha,
    captchaVersion,
    send: sendWithCaptcha,
  } = useCaptchaSend({ setErrors, setAlert });
  const [notice, setNotice] = useState('');
  const [wait, startWait] = useCountdown();
  const [busy, setBusy] = useState(false);

  const emailErrors = (): Record<string, string> =>
    emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') };

  const sendCode = () =>
    sendWithCaptcha(
      emailErrors(),
      (imgToken, answer) => sendBindEmailCode(email.trim(), imgToken, answer),
      (resendAfter) => {
        setNotice(t('signup.codeSent', { email: email.trim() }));
        startWait(resendAfter);
      },
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = emailErrors();
    if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.code');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onBound(await bindEmail(email.trim(), code.trim()));
      setNotice(t('bind.emailLinked'));
    } catch (error) {
      setAlert(errorMessage(t, error));
    }
    setBusy(false);
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="bind-email-heading"
    >
      <h2 id="bind-email-heading">{t('bind.emailHeading')}</h2>
      <p className={styles.hint}>{t('bind.emailIntro')}</p>
      <FormMessages alert={alert} />
      <Field
        label={t('bind.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <CaptchaField value={captcha} onChange={setCaptcha} version={captchaVersion} error={errors.captcha} />
      <CodeField
        label={t('bind.emailCode')}
        value={code}
        onChange={setCode}
        error={errors.code}
        wait={wait}
        onSend={() => void sendCode()}
      />
      <FormMessages notice={notice} />
      <button type="submit" className={styles.primary} disabled={busy}>
        {t('bind.linkEmail')}
      </button>
    </form>
  );
}
