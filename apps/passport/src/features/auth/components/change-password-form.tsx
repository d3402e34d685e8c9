import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/change-password.ts';
import { errorMessage } from '../model/error-message.ts';
import { Field } from '../../../components/field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/** Old password, new one twice (spec 5: rules, must differ, must match). */
export function ChangePasswordForm() {
  const { t } = useTranslation('passport');
  const [old, setOld] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    setSaved(false);
    const found = passwordPairErrors(passwords, t);
    if (!old) found.old = t('validation.required');
    else if (!found.password && passwords.password === old) found.password = t('account.samePassword');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(old, passwords.password, passwords.confirmation);
      setSaved(true);
      setOld('');
      setPasswords({ password: '', confirmation: '' });
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
      aria-labelledby="password-heading"
    >
      <h2 id="password-heading">{t('account.passwordHeading')}</h2>
      <FormMessages alert={alert} notice={saved ? t('account.saved') : ''} />
      <Field
        label={t('account.oldPassword')}
        type="password"
        autoComplete="current-password"
        maxLength={16}
        value={old}
        onChange={(e) => setOld(e.target.value)}
        error={errors.old}
      />
      <PasswordPair
        value={passwords}
        onChange={setPasswords}
        errors={errors}
        labels={{ password: t('account.newPassword'), confirmation: t('account.confirm') }}
      />
      <button type="submit" className={controls.primary} disabled={busy}>
        {busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}
