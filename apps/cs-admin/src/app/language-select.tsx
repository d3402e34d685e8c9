import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import layout from '../lib/layout.module.css';
import { currentLanguage, enabledLanguageOptions, isEnabledLanguage, switchLanguage } from '@gp/i18n';

/** The console language (a switch reloads the page, like everywhere on the site). */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('common:language.label')}
      value={currentLanguage()}
      className={layout.controlNarrow}
      options={enabledLanguageOptions().map((o) => ({ value: o.value, label: o.label }))}
      onChange={(value: string) => {
        if (isEnabledLanguage(value)) switchLanguage(value);
      }}
    />
  );
}
