import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './topup.module.css';

const rules = ['rule1', 'rule2', 'rule3', 'rule4', 'rule5'] as const;

/** The recharge terms (spec 5): the rules, folded, and the box the player ticks to accept them. */
export function RulesAgreement({
  checked,
  onChange,
  error,
  inputRef,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('pay');
  const id = useId();
  return (
    <div className={styles.group}>
      <details className={styles.rules}>
        <summary>{t('rules.show')}</summary>
        <ol id={`${id}-rules`}>
          {rules.map((rule) => (
            <li key={rule}>{t(`rules.${rule}`)}</li>
          ))}
        </ol>
      </details>
      <div className={styles.check}>
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          name="agree"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{t('rules.agree')}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
