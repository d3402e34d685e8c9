import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule, type UserInfo } from '@gp/contracts/passport';
import { bindEmail } from '../api/bind-email.ts';
import { sendBindEmailCode } from '../api/send-bind-email-code.ts';
import { CaptchaField } from './captcha-field.tsx';
import { CodeField } from './code-field.tsx';
import { EmailField } from './email-field.tsx';
import { AuthForm, SubmitButton, useFormSubmit } from './auth-form.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { isCode, useCodeSlot, useCodeStep } from './use-code-step.ts';
import { OwnerProofField, useOwnerProof, type PasskeyProof } from './owner-proof-field.tsx';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/**
 * Links an e-mail to the account, or changes the linked one (spec 7 /web/user/email/bind): the
 * current password (or a passkey), a code to the new address and - when one is linked - a code to the current
 * address, asked for in full since the page only shows it masked. Every other device is logged out; the old
 * address is told.
 */
export function BindEmailForm({
  hasEmail = false,
  onBound,
  passkeyProof,
}: {
  hasEmail?: boolean;
  onBound: (user: UserInfo) => void;
  /** Offered when the member has a passkey. */
  passkeyProof?: PasskeyProof | undefined;
}) {
  const { t } = useTranslation('passport');
  const [current, setCurrent] = useState('');
  const [email, setEmail] = useState('');
  const proof = useOwnerProof(passkeyProof);
  const step = useCodeStep();
  const { errors, alert, notice, setNotice, code } = step;
  const oldCode = useCodeSlot();
  const { busy, submit } = useFormSubmit(step, proof.passkeyErrorText);

  const emailErrors = (value: string, field: string): Record<string, string> =>
    emailRule.safeParse(value.trim()).success ? {} : { [field]: t('validation.email') };

  const sendCode = (type: 'bind' | 'old') => {
    const target = (type === 'old' ? current : email).trim();
    return step.sendCode(
      emailErrors(target, type === 'old' ? 'current' : 'email'),
      (imgToken, answer) => sendBindEmailCode(target, imgToken, answer, type),
      // A bind send answers "sent" even for an address another account holds (which gets no code), so the
      // notice says why a code may not come.
      () =>
        type === 'old' ? t('signup.codeSent', { email: target }) : t('bind.emailCodeSent', { email: target }),
      type === 'old' ? oldCode : code,
    );
  };

  const check = () => {
    const found = emailErrors(email, 'email');
    if (proof.missing) found.password = t('validation.required');
    if (!isCode(code.value)) found.code = t('validation.code');
    if (hasEmail && !isCode(oldCode.value)) found.oldCode = t('validation.code');
    return found;
  };

  const send = async () => {
    onBound(
      await bindEmail({
        email: email.trim(),
        code: code.value.trim(),
        ...(await proof.take()),
        ...(hasEmail ? { oldCode: oldCode.value.trim() } : {}),
      }),
    );
    // The form stays for a later change: nothing of this one is kept in it.
    proof.setPassword('');
    code.set('');
    oldCode.set('');
    setEmail('');
    setCurrent('');
    setNotice(hasEmail ? t('accountSecurity.emailChanged') : t('bind.emailLinked'));
  };

  return (
    <AuthForm
      heading={hasEmail ? t('accountSecurity.changeEmailHeading') : t('bind.emailHeading')}
      onSubmit={(e) => submit(e, check, send)}
    >
      <p className={controls.hint}>
        {hasEmail ? t('accountSecurity.changeEmailIntro') : t('bind.emailIntro')}
      </p>
      <FormMessages alert={alert} />
      <OwnerProofField proof={proof} error={errors.password} />
      <CaptchaField {...step.captchaField} />
      {hasEmail && (
        <fieldset className={styles.group}>
          <legend>{t('accountSecurity.currentEmail')}</legend>
          <EmailField
            label={t('accountSecurity.currentEmailAddress')}
            value={current}
            onChange={setCurrent}
            error={errors.current}
          />
          <CodeField
            label={t('accountSecurity.oldEmailCode')}
            slot={oldCode}
            error={errors.oldCode}
            onSend={() => sendCode('old')}
          />
        </fieldset>
      )}
      <fieldset className={styles.group}>
        <legend>{hasEmail ? t('accountSecurity.newEmail') : t('bind.newEmail')}</legend>
        <EmailField
          label={t('bind.newEmail')}
          autoComplete="off"
          required
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <CodeField
          label={t('bind.emailCode')}
          slot={code}
          error={errors.code}
          onSend={() => sendCode('bind')}
        />
      </fieldset>
      <FormMessages notice={notice} />
      <SubmitButton busy={busy} label={hasEmail ? t('accountSecurity.changeEmail') : t('bind.linkEmail')} />
    </AuthForm>
  );
}
