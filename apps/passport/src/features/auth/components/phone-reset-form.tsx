import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneRule } from '@gp/contracts/passport';
import { resetByPhone } from '../api/reset-by-phone.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { FormMessages } from '../../../components/form-messages.tsx';
import { AuthForm, SubmitButton, useFormSubmit } from './auth-form.tsx';
import { CodeStep } from './code-field.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { isCode, useCodeStep } from './use-code-step.ts';

/** Reset by phone (spec 7 /web/reset/pwd): SMS code, then the new password twice; every session ends. */
export function PhoneResetForm() {
  const { t } = useTranslation('passport');
  const [phone, setPhone] = useState({ cid: 66, tel: '' });
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [done, setDone] = useState(false);
  const step = useCodeStep();
  const { errors, alert, code } = step;
  const { busy, submit } = useFormSubmit(step);

  const phoneErrors = (): Record<string, string> =>
    phoneRule.safeParse(phone.tel).success ? {} : { tel: t('validation.phone') };

  const sendCode = () =>
    step.sendCode(
      phoneErrors(),
      (imgToken, answer) => sendSmsCode(phone.cid, phone.tel, 'reset', imgToken, answer),
      () => t('phone.resetCodeSent', { number: `${phone.cid} ${phone.tel.replace(/^0+/, '')}` }),
    );

  const check = () => {
    const found = { ...phoneErrors(), ...passwordPairErrors(passwords, t) };
    if (!isCode(code.value)) found.code = t('validation.code');
    return found;
  };

  const reset = async () => {
    await resetByPhone({ ...phone, code: code.value.trim(), ...passwords });
    setDone(true);
  };

  if (done) return <FormMessages notice={t('phone.resetDone')} />;
  return (
    <AuthForm onSubmit={(e) => submit(e, check, reset)}>
      <p>{t('phone.resetIntro')}</p>
      <FormMessages alert={alert} />
      <PhoneFields cid={phone.cid} tel={phone.tel} onChange={setPhone} error={errors.tel} />
      <CodeStep step={step} label={t('phone.code')} onSend={sendCode} />
      <PasswordPair value={passwords} onChange={setPasswords} errors={errors} purpose="reset" />
      <SubmitButton busy={busy} label={t('findpwd.save')} busyLabel={t('findpwd.saving')} />
    </AuthForm>
  );
}
