import { useId, type FormEvent, type ReactNode } from 'react';
import controls from './controls.module.css';
import styles from './account-section.module.css';

/**
 * A form inside an account-page section that confirms one step (a passkey added or removed, the account
 * deleted): its heading, then `children` (what it explains, its alert, its fields), then its buttons - the
 * submit (red with `danger`, for what cannot be undone), any other way to confirm (`more`), and cancel.
 */
export function SectionForm({
  heading,
  danger = false,
  busy,
  onSubmit,
  submitLabel,
  more,
  cancelLabel,
  onCancel,
  children,
}: {
  heading: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  submitLabel: string;
  more?: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form
      className={danger ? `${styles.form} ${styles.dangerForm}` : styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{heading}</h3>
      {children}
      <div className={styles.actions}>
        <button type="submit" className={danger ? controls.danger : controls.primary} disabled={busy}>
          {submitLabel}
        </button>
        {more}
        <button type="button" className={controls.secondary} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
      </div>
    </form>
  );
}
