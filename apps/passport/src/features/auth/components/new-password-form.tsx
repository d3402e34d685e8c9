import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../model/error-message.ts';
import { authCalls } from '../api/auth.calls.ts';
import { resetPassword } from '../api/reset-password.ts';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

type State = { step: 'checking' } | { step: 'form' } | { step: 'done' } | { step: 'failed'; message: string };

/** Step two: the e-mail's link confirms the inbox, then the new password is set once (spec 4). */
export function NewPasswordForm({
  ticket,
  email,
  onStartOver,
}: {
  ticket: string;
  email: string;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('passport');
  const [state, setState] = useState<State>({ step: 'checking' });
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    authCalls.checkResetLink({ email_ticket: ticket, email, email_type: 'reset' }).then(
      () => live && setState({ step: 'form' }),
      (error: unknown) => live && setState({ step: 'failed', message: errorMessage(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [ticket, email, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = passwordPairErrors(passwords, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetPassword(ticket, passwords.password, passwords.confirmation);
      setState({ step: 'done' });
    } catch (error) {
      setAlert(errorMessage(t, error));
    }
    setBusy(false);
  };

  if (state.step === 'checking') return <p role="status">{t('findpwd.checking')}</p>;
  if (state.step === 'failed') {
    return (
      <div className={styles.form}>
        <p role="alert" className={controls.alert}>
          {state.message}
        </p>
        <button type="button" className={controls.secondary} onClick={onStartOver}>
          {t('findpwd.startOver')}
        </button>
      </div>
    );
  }
  if (state.step === 'done') {
    return (
      <p role="status" className={controls.notice}>
        {t('findpwd.done')}
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <FormMessages alert={alert} />
      <PasswordPair
        value={passwords}
        onChange={setPasswords}
        errors={errors}
        labels={{ password: t('findpwd.newPassword'), confirmation: t('findpwd.confirm') }}
      />
      <button type="submit" className={controls.primary} disabled={busy}>
        {busy ? t('findpwd.saving') : t('findpwd.save')}
      </button>
    </form>
  );
}
