/**
 * Radio-like choices as real radio inputs styled as cards, grouped in a fieldset whose legend names the choice.
 * A card that cannot be chosen stays visible, disabled, with a note saying why.
 */
import { Children, useId, type ReactNode, type Ref } from 'react';
import styles from './topup.module.css';

export function ChoiceGroup({
  legend,
  hint,
  error,
  children,
  groupRef,
  wide = false,
  className,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children?: ReactNode;
  groupRef?: Ref<HTMLFieldSetElement>;
  wide?: boolean;
  className?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      ref={groupRef}
      className={[styles.group, className].filter(Boolean).join(' ')}
      aria-describedby={described || undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
      {Children.toArray(children).length > 0 && (
        <ul className={wide ? `${styles.cards} ${styles.cardsWide}` : styles.cards}>{children}</ul>
      )}
    </fieldset>
  );
}

export function ChoiceCard({
  name,
  value,
  checked,
  disabled = false,
  onChoose,
  label,
  details,
  note,
  media,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChoose: () => void;
  label: ReactNode;
  details?: ReactNode;
  note?: string | undefined;
  media?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const described = [details ? `${id}-details` : '', note ? `${id}-note` : ''].filter(Boolean).join(' ');
  return (
    <li
      className={[
        styles.card,
        checked ? styles.cardChecked : '',
        disabled ? styles.cardDisabled : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <input
        type="radio"
        id={id}
        className={styles.radio}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        aria-describedby={described || undefined}
      />
      {media}
      <label htmlFor={id} className={styles.cardLabel}>
        {label}
      </label>
      {details && (
        <span id={`${id}-details`} className={styles.details}>
          {details}
        </span>
      )}
      {note && (
        <span id={`${id}-note`} className={styles.note}>
          {note}
        </span>
      )}
    </li>
  );
}

/** Focus the first choice of a group that can be chosen (after a failed submit). */
export function focusFirstChoice(group: HTMLElement | null): void {
  const target =
    group?.querySelector<HTMLInputElement>('input:checked:not(:disabled)') ??
    group?.querySelector<HTMLInputElement>('input:not(:disabled)');
  (target ?? group)?.focus();
}
