import { useTranslation } from 'react-i18next';
import { Space, Tag, Typography } from 'antd';
import { contentLanguages, type ContentLanguage } from '@gp/contracts/content-admin';
import { optionOf } from '@gp/i18n/languages';
import layout from '../../../lib/layout.module.css';

/** A language's own name, as the language switcher shows it. */
export function languageName(lang: ContentLanguage): string {
  return optionOf(lang).label;
}

/** A list row's languages: those with a text as tags, and the missing ones named in words. */
export function LanguageMarks({ languages }: { languages: readonly ContentLanguage[] }) {
  const { t } = useTranslation('cms');
  const missing = contentLanguages.filter((l) => !languages.includes(l));
  return (
    <Space size={[4, 4]} wrap>
      {languages.map((lang) => (
        <Tag key={lang} title={languageName(lang)}>
          {lang.toUpperCase()}
        </Tag>
      ))}
      {missing.length > 0 && (
        <Typography.Text type="secondary" className={layout.small}>
          {t('list.missingLanguages', { languages: missing.map((l) => l.toUpperCase()).join(', ') })}
        </Typography.Text>
      )}
    </Space>
  );
}
