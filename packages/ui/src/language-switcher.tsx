import { useTranslation } from 'react-i18next';
import { currentLanguage, enabledLanguageOptions, isEnabledLanguage, switchLanguage } from '@gp/i18n';
import type { EnabledLanguage } from '@gp/config';
import styles from './language-switcher.module.css';
import { visuallyHidden } from './visually-hidden.tsx';

/** Lists the enabled languages by their own names; choosing one stores it for this host and reloads. */
export function LanguageSwitcher({
  id = 'language-switcher',
  compact = false,
  onSwitch = switchLanguage,
}: {
  id?: string;
  /** H5 header: the label is read by screen readers but not shown. */
  compact?: boolean;
  /** Stores the choice and reloads; replaceable for tests. */
  onSwitch?: (lang: EnabledLanguage) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <span className={styles.switcher}>
      <label htmlFor={id} className={compact ? visuallyHidden : styles.label}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={currentLanguage()}
        onChange={(e) => {
          if (isEnabledLanguage(e.target.value)) onSwitch(e.target.value);
        }}
      >
        {enabledLanguageOptions().map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
