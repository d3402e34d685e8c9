import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneRule } from '@gp/contracts/passport';
import { errorMessage } from '../model/error-message.ts';
import { resetByPhone } from '../api/reset-by-phone.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { CodeStep } from './code-field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { isCode, useCodeStep } from './use-code-step.ts';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/** Reset by phone (spec 7 /web/reset/pwd): SMS code, then the new password twice; every session ends. */
export function PhoneResetForm() {
  const { t } = useTranslation('passport');
  const [phone, setPhone] = useState({ cid: 66, tel: '' });
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const step = useCodeStep();
  const { errors, setErrors, alert, setAlert, code } = step;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const phoneErrors = (): Record<string, string> =>
    phoneRule.safeParse(phone.tel).success ? {} : { tel: t('validation.phone') };

  const sendCode = () =>
    step.sendCode(
      phoneErrors(),
      (imgToken, answer) => sendSmsCode(phone.cid, phone.tel, 'reset', imgToken, answer),
      () => t('phone.resetCodeSent', { number: `${phone.cid} ${phone.tel.replace(/^0+/, '')}` }),
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = { ...phoneErrors(), ...passwordPairErrors(passwords, t) };
    if (!isCode(code.value)) found.code = t('validation.code');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetByPhone({ ...phone, code: code.value.trim(), ...passwords });
      setDone(true);
    } catch (error) {
      setAlert(errorMessage(t, error));
    }
    setBusy(false);
  };

  if (done) return <FormMessages notice={t('phone.resetDone')} />;
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('phone.resetIntro')}</p>
      <FormMessages alert={alert} />
      <PhoneFields cid={phone.cid} tel={phone.tel} onChange={setPhone} error={errors.tel} />
      <CodeStep step={step} label={t('phone.code')} onSend={sendCode} />
      <PasswordPair
        value={passwords}
        onChange={setPasswords}
        errors={errors}
        labels={{ password: t('phone.newPassword'), confirmation: t('findpwd.confirm') }}
      />
      <button type="submit" className={controls.primary} disabled={busy}>
        {busy ? t('findpwd.saving') : t('findpwd.save')}
      </button>
    </form>
  );
}
