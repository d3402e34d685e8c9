import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordRule } from '@gp/contracts/passport';
import { changePassword } from '../api/change-password.ts';
import { errorMessage } from '../api/error-message.ts';
import { Field } from './field.tsx';
import styles from './forms.module.css';

/** Old password, new one twice (spec 5: rules, must differ, must match). */
export function ChangePasswordForm() {
  const { t } = useTranslation('passport');
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    setSaved(false);
    const found: Record<string, string> = {};
    if (!old) found.old = t('validation.required');
    if (!passwordRule.safeParse(next).success) found.next = t('validation.passwordRule');
    else if (next === old) found.next = t('account.samePassword');
    else if (next !== again) found.again = t('validation.passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(old, next, again);
      setSaved(true);
      setOld('');
      setNext('');
      setAgain('');
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
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      {saved && (
        <p role="status" className={styles.notice}>
          {t('account.saved')}
        </p>
      )}
      <Field
        label={t('account.oldPassword')}
        type="password"
        autoComplete="current-password"
        maxLength={16}
        value={old}
        onChange={(e) => setOld(e.target.value)}
        error={errors.old}
      />
      <Field
        label={t('account.newPassword')}
        hint={t('signup.passwordHint')}
        type="password"
        autoComplete="new-password"
        maxLength={16}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
      />
      <Field
        label={t('account.confirm')}
        type="password"
        autoComplete="new-password"
        maxLength={16}
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        error={errors.again}
      />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}
