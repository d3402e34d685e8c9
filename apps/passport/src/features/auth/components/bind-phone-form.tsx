import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneRule, type UserInfo } from '@gp/contracts/passport';
import { bindPhone } from '../api/bind-phone.ts';
import { sendPhoneCode } from '../api/send-phone-code.ts';
import { AuthForm, SubmitButton, useFormSubmit } from './auth-form.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { CodeField } from './code-field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { isCode, useCodeSlot, useCodeStep } from './use-code-step.ts';
import { OwnerProofField, useOwnerProof, type PasskeyProof } from './owner-proof-field.tsx';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/**
 * Links a phone number, or changes the linked one: a code to the new number, and - when one is linked already -
 * a code to the current number too (spec 7 /web/user/handle/tel) - and the current password or a passkey.
 * The current number is asked for in full, since the page only shows it masked. Every other device is logged
 * out; the old number is told.
 */
export function BindPhoneForm({
  hasPhone,
  onBound,
  passkeyProof,
}: {
  hasPhone: boolean;
  onBound: (user: UserInfo) => void;
  /** Offered when the member has a passkey. */
  passkeyProof?: PasskeyProof | undefined;
}) {
  const { t } = useTranslation('passport');
  const [current, setCurrent] = useState({ cid: 66, tel: '' });
  const [next, setNext] = useState({ cid: 66, tel: '' });
  const proof = useOwnerProof(passkeyProof);
  const step = useCodeStep();
  const { errors, alert, notice, setNotice, code } = step;
  const oldCode = useCodeSlot();
  const { busy, submit } = useFormSubmit(step, proof.passkeyErrorText);

  const send = (type: 'bind' | 'old') => {
    const phone = type === 'old' ? current : next;
    const field = type === 'old' ? 'current' : 'next';
    return step.sendCode(
      phoneRule.safeParse(phone.tel).success ? {} : { [field]: t('validation.phone') },
      (imgToken, answer) => sendPhoneCode(type, phone.cid, phone.tel, imgToken, answer),
      () => {
        const number = `${phone.cid} ${phone.tel.replace(/^0+/, '')}`;
        // As for e-mail: a number another account holds is answered "sent" but gets no code.
        return type === 'old' ? t('phone.codeSent', { number }) : t('bind.phoneCodeSent', { number });
      },
      type === 'old' ? oldCode : code,
    );
  };

  const check = () => {
    const found: Record<string, string> = {};
    if (proof.missing) found.password = t('validation.required');
    if (!phoneRule.safeParse(next.tel).success) found.next = t('validation.phone');
    if (!isCode(code.value)) found.code = t('validation.code');
    if (hasPhone && !isCode(oldCode.value)) found.oldCode = t('validation.code');
    return found;
  };

  const bind = async () => {
    onBound(
      await bindPhone({
        ...next,
        code: code.value.trim(),
        ...(await proof.take()),
        ...(hasPhone ? { oldCode: oldCode.value.trim() } : {}),
      }),
    );
    proof.setPassword('');
    setNotice(t('accountSecurity.phoneChanged'));
  };

  return (
    <AuthForm
      heading={hasPhone ? t('bind.changePhoneHeading') : t('bind.phoneHeading')}
      onSubmit={(e) => submit(e, check, bind)}
    >
      <p className={controls.hint}>{t('bind.phoneIntro')}</p>
      <FormMessages alert={alert} />
      <OwnerProofField proof={proof} error={errors.password} />
      <CaptchaField {...step.captchaField} />
      {hasPhone && (
        <fieldset className={styles.group}>
          <legend>{t('bind.currentNumber')}</legend>
          <PhoneFields cid={current.cid} tel={current.tel} onChange={setCurrent} error={errors.current} />
          <CodeField
            label={t('bind.oldCode')}
            slot={oldCode}
            error={errors.oldCode}
            onSend={() => send('old')}
          />
        </fieldset>
      )}
      <fieldset className={styles.group}>
        <legend>{t('bind.newNumber')}</legend>
        <PhoneFields cid={next.cid} tel={next.tel} onChange={setNext} error={errors.next} />
        <CodeField label={t('bind.newCode')} slot={code} error={errors.code} onSend={() => send('bind')} />
      </fieldset>
      <FormMessages notice={notice} />
      <SubmitButton busy={busy} label={t('bind.linkPhone')} />
    </AuthForm>
  );
}
