import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule, type UserInfo } from '@gp/contracts/passport';
import { bindEmail } from '../api/bind-email.ts';
import { sendBindEmailCode } from '../api/send-bind-email-code.ts';
import { errorMessage } from '../model/error-message.ts';
import { CaptchaField } from './captcha-field.tsx';
import { CodeField } from './code-field.tsx';
import { Field } from '../../../components/field.tsx';
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
  const { errors, setErrors, alert, setAlert, notice, setNotice, code } = step;
  const oldCode = useCodeSlot();
  const [busy, setBusy] = useState(false);

  const emailErrors = (value: string, field: string): Record<string, string> =>
    emailRule.safeParse(value.trim()).success ? {} : { [field]: t('validation.email') };

  const sendCode = (type: 'bind' | 'old') => {
    const target = (type === 'old' ? current : email).trim();
    return step.sendCode(
      emailErrors(target, type === 'old' ? 'current' : 'email'),
      (imgToken, answer) => sendBindEmailCode(target, imgToken, answer, type),
      () => t('signup.codeSent', { email: target }),
      type === 'old' ? oldCode : code,
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = emailErrors(email, 'email');
    if (proof.missing) found.password = t('validation.required');
    if (!isCode(code.value)) found.code = t('validation.code');
    if (hasEmail && !isCode(oldCode.value)) found.oldCode = t('validation.code');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
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
    } catch (error) {
      setAlert(proof.passkeyErrorText(error) ?? errorMessage(t, error));
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
      <h2 id="bind-email-heading">
        {hasEmail ? t('accountSecurity.changeEmailHeading') : t('bind.emailHeading')}
      </h2>
      <p className={controls.hint}>
        {hasEmail ? t('accountSecurity.changeEmailIntro') : t('bind.emailIntro')}
      </p>
      <FormMessages alert={alert} />
      <OwnerProofField proof={proof} error={errors.password} />
      <CaptchaField {...step.captchaField} />
      {hasEmail && (
        <fieldset className={styles.group}>
          <legend>{t('accountSecurity.currentEmail')}</legend>
          <Field
            label={t('accountSecurity.currentEmailAddress')}
            type="email"
            autoComplete="email"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
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
        <Field
          label={t('bind.newEmail')}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
      <button type="submit" className={controls.primary} disabled={busy}>
        {hasEmail ? t('accountSecurity.changeEmail') : t('bind.linkEmail')}
      </button>
    </form>
  );
}
