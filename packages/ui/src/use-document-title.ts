import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title from an already translated page title plus the site name. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = title ? `${title} | ${t('site.name')}` : t('site.name');
  }, [title, t]);
}
