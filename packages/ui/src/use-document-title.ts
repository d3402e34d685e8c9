import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/**
 * The document title for an already translated page title: the page's title plus the site name, or the site name
 * alone. The server writes the same text into the HTML it renders (`server/render-page.tsx`).
 */
export function documentTitle(t: TFunction<'common'>, title: string): string {
  return title ? `${title} | ${t('site.name')}` : t('site.name');
}

/** The translated title of a site-map route (its `routes.*` string), or '' when no route matched. */
export function routeTitle(t: TFunction<'common'>, route: { title: string } | undefined): string {
  return route ? t(`routes.${route.title}`) : '';
}

/** Sets the document title from an already translated page title plus the site name. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = documentTitle(t, title);
  }, [title, t]);
}
