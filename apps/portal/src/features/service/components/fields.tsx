/**
 * Labelled controls with their hint and error, tied together for screen readers (`aria-describedby`,
 * `aria-invalid`). Optional fields say so in their label; required ones carry `required`. Each control takes an
 * explicit id so a form can move focus to its first error.
 */
import {
  useEffect,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

interface FieldFrame {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown, extra?: string) {
  return (
    [hint ? `${id}-hint` : '', extra ?? '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  );
}

function Label({ id, label, optional }: Pick<FieldFrame, 'id' | 'label' | 'optional'>) {
  const { t } = useTranslation('service');
  return (
    <label htmlFor={id} className={styles.label}>
      {label}
      {optional && <span className={styles.optional}> {t('form.optional')}</span>}
    </label>
  );
}

function Notes({
  id,
  hint,
  error,
  children,
}: Pick<FieldFrame, 'id' | 'hint' | 'error'> & { children?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({
  id,
  label,
  hint,
  error,
  optional,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A text area with a live count of its characters against `max` (the count turns red past it). */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  optional,
  max,
  value,
  ...area
}: FieldFrame & { max: number; value: string } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'value'
  >) {
  const { t } = useTranslation('service');
  const count = value.trim().length;
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      <textarea
        id={id}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, `${id}-count`)}
        value={value}
        {...area}
      />
      <Notes id={id} hint={hint} error={error}>
        <p id={`${id}-count`} className={count > max ? `${styles.counter} ${styles.over}` : styles.counter}>
          {t('form.counter', { count, max })}
        </p>
      </Notes>
    </div>
  );
}

export function SelectField({
  id,
  label,
  hint,
  error,
  optional,
  children,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      <select
        id={id}
        className={`${styles.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * The form-level refusal (announced at once, and focused so the reader lands on it) and notice (announced
 * politely). The live regions are always there, so what appears in them is heard; while both are empty the
 * block takes no room.
 */
export function FormMessages({ alert, notice }: { alert?: string | undefined; notice?: string | undefined }) {
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);
  return (
    <div className={alert || notice ? styles.messages : `${styles.messages} ${styles.quiet}`}>
      <div role="alert">
        {alert && (
          <p ref={alertRef} className={styles.alert} tabIndex={-1}>
            {alert}
          </p>
        )}
      </div>
      <div role="status">{notice && <p className={styles.notice}>{notice}</p>}</div>
    </div>
  );
}

/** Moves focus to an element by id (the first field in error, the refusal), scrolling it into view. */
export function focusById(id: string | undefined) {
  if (!id) return;
  const element = document.getElementById(id);
  element?.focus();
}
