import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from './shell-data.ts';

/** A page whose screen a later capability builds: its layout and its translated heading. */
export function PendingScreen() {
  const { t } = useTranslation('common');
  const route = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.siteRoute;
  return <h1>{route ? t(`routes.${route.title}`) : t('site.name')}</h1>;
}
