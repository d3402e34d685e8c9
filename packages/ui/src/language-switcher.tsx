import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInRouterContext, useLocation } from 'react-router';
import {
  currentLanguage,
  enabledLanguageOptions,
  isEnabledLanguage,
  languageParam,
  switchLanguage,
} from '@gp/i18n';
import type { EnabledLanguage } from '@gp/config';
import { useEarlyInput, useScriptsReady } from './early-input.ts';
import styles from './language-switcher.module.css';
import { visuallyHidden } from './visually-hidden.tsx';

/** The page's other query parameters, so the plain form's request keeps them (a login's `redirect`). */
function KeptQuery() {
  const { search } = useLocation();
  return [...new URLSearchParams(search)]
    .filter(([name]) => name !== languageParam)
    .map(([name, value], index) => (
      <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
    ));
}

/**
 * Lists the enabled languages by their own names; choosing one stores it for this host and reloads.
 *
 * It is a plain GET form too (`?lang=`, which every host and the server's render adopt), with a button to send
 * it, so it works before the scripts run or without them; once the scripts have the page the button is hidden (a
 * choice applies at once). A choice made before the takeover, the button untouched, is applied when the scripts
 * take the page over (early-input.ts).
 */
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
  const form = useRef<HTMLFormElement>(null);
  const inRouter = useInRouterContext();
  const live = useScriptsReady();
  useEarlyInput(form);
  return (
    <form ref={form} className={styles.switcher} method="get">
      <label htmlFor={id} className={compact ? visuallyHidden : styles.label}>
        {t('language.label')}
      </label>
      <select
        id={id}
        name={languageParam}
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
      {inRouter && <KeptQuery />}
      {/* Hidden rather than removed: the server's nodes stay the ones the scripts took over. */}
      <button type="submit" className={styles.apply} hidden={live}>
        {t('language.apply')}
      </button>
    </form>
  );
}
