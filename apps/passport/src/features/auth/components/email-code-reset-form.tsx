import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule } from '@gp/contracts/passport';
import { resetByEmailCode, sendResetEmailCode } from '../api/reset-by-email-code.ts';
import { FormMessages } from '../../../components/form-messages.tsx';
import { AuthForm, SubmitButton, useFormSubmit } from './auth-form.tsx';
import { CodeStep } from './code-field.tsx';
import { EmailField } from './email-field.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { isCode, useCodeStep } from './use-code-step.ts';

/**
 * Reset with an e-mail code (spec 7 /web/reset/pwd with user + captcha), beside the reset link: the code, then
 * the new password twice; every session ends. The send answers alike whether the address has an account.
 */
export function EmailCodeResetForm() {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [done, setDone] = useState(false);
  const step = useCodeStep();
  const { errors, alert, code } = step;
  const { busy, submit } = useFormSubmit(step);

  const emailErrors = (): Record<string, string> =>
    emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') };

  const sendCode = () =>
    step.sendCode(
      emailErrors(),
      (imgToken, answer) => sendResetEmailCode(email.trim(), imgToken, answer),
      () => t('guards.resetCodeSent', { email: email.trim() }),
    );

  const check = () => {
    const found = { ...emailErrors(), ...passwordPairErrors(passwords, t) };
    if (!isCode(code.value)) found.code = t('validation.code');
    return found;
  };

  const reset = async () => {
    await resetByEmailCode({ email: email.trim(), code: code.value.trim(), ...passwords });
    setDone(true);
  };

  return (
    <AuthForm heading={t('guards.resetByCodeHeading')} onSubmit={(e) => submit(e, check, reset)}>
      {done ? (
        <FormMessages notice={t('phone.resetDone')} />
      ) : (
        <>
          <p>{t('guards.resetByCodeIntro')}</p>
          <FormMessages alert={alert} />
          <EmailField label={t('signup.email')} value={email} onChange={setEmail} error={errors.email} />
          <CodeStep step={step} label={t('signup.code')} onSend={sendCode} />
          <PasswordPair value={passwords} onChange={setPasswords} errors={errors} purpose="reset" />
          <SubmitButton busy={busy} label={t('findpwd.save')} busyLabel={t('findpwd.saving')} />
        </>
      )}
    </AuthForm>
  );
}
