import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule } from '@gp/contracts/passport';
import { resetByEmailCode, sendResetEmailCode } from '../api/reset-by-email-code.ts';
import { errorMessage } from '../model/error-message.ts';
import { CodeStep } from './code-field.tsx';
import { Field } from '../../../components/field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { isCode, useCodeStep } from './use-code-step.ts';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/**
 * Reset with an e-mail code (spec 7 /web/reset/pwd with user + captcha), beside the reset link: the code, then
 * the new password twice; every session ends. The send answers alike whether the address has an account.
 */
export function EmailCodeResetForm() {
  const { t } = useTranslation('passport');
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const step = useCodeStep();
  const { errors, setErrors, alert, setAlert, code } = step;

  const emailErrors = (): Record<string, string> =>
    emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') };

  const sendCode = () =>
    step.sendCode(
      emailErrors(),
      (imgToken, answer) => sendResetEmailCode(email.trim(), imgToken, answer),
      () => t('guards.resetCodeSent', { email: email.trim() }),
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = { ...emailErrors(), ...passwordPairErrors(passwords, t) };
    if (!isCode(code.value)) found.code = t('validation.code');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetByEmailCode({ email: email.trim(), code: code.value.trim(), ...passwords });
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
          <CodeStep step={step} label={t('signup.code')} onSend={sendCode} />
          <PasswordPair
            value={passwords}
            onChange={setPasswords}
            errors={errors}
            labels={{ password: t('phone.newPassword'), confirmation: t('findpwd.confirm') }}
          />
          <button type="submit" className={controls.primary} disabled={busy}>
            {busy ? t('findpwd.saving') : t('findpwd.save')}
          </button>
        </>
      )}
    </form>
  );
}
