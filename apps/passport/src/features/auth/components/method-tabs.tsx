import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@gp/ui/visually-hidden';
import styles from './forms.module.css';

export type Method = 'email' | 'phone';

/** E-mail or phone: a two-choice radio group (keyboard: arrows), not a tab widget, so it reads as the choice it is. */
export function MethodChoice({ value, onChange }: { value: Method; onChange: (m: Method) => void }) {
  const { t } = useTranslation('passport');
  return (
    <fieldset className={styles.methods}>
      <legend className={visuallyHidden}>{t('methods.label')}</legend>
      {(['email', 'phone'] as const).map((m) => (
        <label key={m} className={value === m ? styles.methodActive : styles.method}>
          <input type="radio" name="method" value={m} checked={value === m} onChange={() => onChange(m)} />
          {t(`methods.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}
