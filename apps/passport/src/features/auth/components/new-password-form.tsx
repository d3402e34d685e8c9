import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../model/error-message.ts';
import { authCalls } from '../api/auth.calls.ts';
import { resetPassword } from '../api/reset-password.ts';
import { FormMessages } from '../../../components/form-messages.tsx';
import { AuthForm, SubmitButton, useFormMessages, useFormSubmit } from './auth-form.tsx';
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
  const form = useFormMessages();
  const { errors, alert } = form;
  const { busy, submit } = useFormSubmit(form);

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

  const reset = async () => {
    await resetPassword(ticket, passwords.password, passwords.confirmation);
    setState({ step: 'done' });
  };

  if (state.step === 'checking') return <p role="status">{t('findpwd.checking')}</p>;
  if (state.step === 'failed') {
    return (
      <div className={styles.form}>
        <FormMessages alert={state.message} />
        <button type="button" className={controls.secondary} onClick={onStartOver}>
          {t('findpwd.startOver')}
        </button>
      </div>
    );
  }
  if (state.step === 'done') {
    return <FormMessages notice={t('findpwd.done')} />;
  }
  return (
    <AuthForm onSubmit={(e) => submit(e, () => passwordPairErrors(passwords, t), reset)}>
      <FormMessages alert={alert} />
      <PasswordPair value={passwords} onChange={setPasswords} errors={errors} purpose="resetLink" />
      <SubmitButton busy={busy} label={t('findpwd.save')} busyLabel={t('findpwd.saving')} />
    </AuthForm>
  );
}
