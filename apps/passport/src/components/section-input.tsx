import { useId } from 'react';
import styles from './account-section.module.css';

/**
 * A labelled input of an account-page section with its error, tied together for screen readers. By default the
 * current password that confirms a step (a passkey added or removed, the account deleted).
 */
export function SectionInput({
  label,
  error,
  value,
  onChange,
  type = 'password',
  autoComplete = 'current-password',
  maxLength = 16,
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  type?: 'password' | 'text';
  autoComplete?: string;
  maxLength?: number;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
