import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/change-password.ts';
import { SectionInput } from '../../../components/section-input.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { AuthForm, SubmitButton, useFormMessages, useFormSubmit } from './auth-form.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';

/** Old password, new one twice (spec 5: rules, must differ, must match). */
export function ChangePasswordForm() {
  const { t } = useTranslation('passport');
  const [old, setOld] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const form = useFormMessages();
  const { errors, alert, notice, setNotice } = form;
  const { busy, submit } = useFormSubmit(form);

  const check = () => {
    setNotice('');
    const found = passwordPairErrors(passwords, t);
    if (!old) found.old = t('validation.required');
    else if (!found.password && passwords.password === old) found.password = t('account.samePassword');
    return found;
  };

  const send = async () => {
    await changePassword(old, passwords.password, passwords.confirmation);
    setNotice(t('account.saved'));
    setOld('');
    setPasswords({ password: '', confirmation: '' });
  };

  return (
    <AuthForm heading={t('account.passwordHeading')} onSubmit={(e) => submit(e, check, send)}>
      <FormMessages alert={alert} notice={notice} />
      <SectionInput label={t('account.oldPassword')} error={errors.old} value={old} onChange={setOld} />
      <PasswordPair value={passwords} onChange={setPasswords} errors={errors} purpose="account" />
      <SubmitButton busy={busy} label={t('account.save')} busyLabel={t('account.saving')} />
    </AuthForm>
  );
}
