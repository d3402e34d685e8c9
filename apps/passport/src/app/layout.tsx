import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LanguageSwitcher } from '@gp/ui/language-switcher';
import { useDocumentTitle } from '@gp/ui/use-document-title';
import { hosts } from '../config/env.ts';
import styles from './layout.module.css';

export function Layout() {
  const { t } = useTranslation();
  const titleKey = (useMatches().at(-1)?.handle as { titleKey?: string } | undefined)?.titleKey;
  useDocumentTitle(titleKey ? t(titleKey) : '');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a href={hosts.apps.portal} className={styles.logo}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('common:site.name')}</span>
        </a>
        <LanguageSwitcher />
      </header>
      <main className={styles.main}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
