import { useTranslation } from 'react-i18next';
import { Field } from './field.tsx';
import styles from './forms.module.css';

/** A 6-digit code with its "send code" button, which counts down while a new code may not be asked for. */
export function CodeField({
  label,
  value,
  onChange,
  error,
  wait,
  onSend,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  wait: number;
  onSend: () => void;
}) {
  const { t } = useTranslation('passport');
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    >
      <button type="button" className={styles.secondary} disabled={wait > 0} onClick={onSend}>
        {wait > 0 ? t('signup.resendIn', { seconds: wait }) : t('signup.sendCode')}
      </button>
    </Field>
  );
}
