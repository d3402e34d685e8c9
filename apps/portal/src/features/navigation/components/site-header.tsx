import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@gp/ui/language-switcher';
import { hosts } from '../../../config/env.ts';
import type { Navigation } from '../api/load-navigation.ts';
import styles from './site-header.module.css';

/** The portal header: menu items as the server's nav flags say, the language switcher and the login entry. */
export function SiteHeader({ navigation }: { navigation: Navigation }) {
  const { t } = useTranslation('common');
  const { flags, games, fansGroups } = navigation;
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo} aria-label={t('site.home')}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>{t('site.name')}</span>
      </Link>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        <ul className={styles.menu}>
          {flags.is_show_news === 1 && (
            <li>
              <Link to="/news">{t('nav.news')}</Link>
            </li>
          )}
          {flags.is_show_game === 1 && games.length > 0 && (
            <li>
              <details className={styles.dropdown}>
                <summary>{t('nav.games')}</summary>
                <ul className={styles.submenu}>
                  {games.map((g) => (
                    <li key={g.game_base_id}>
                      <a href={g.url} target="_blank" rel="noopener noreferrer">
                        <img src={g.game_icon} alt="" width={24} height={24} loading="lazy" />
                        {g.game_name}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )}
          {flags.is_show_invest === 1 && (
            <li>
              <a href={`${hosts.apps.pay}/paygame/`}>{t('nav.pay')}</a>
            </li>
          )}
          {flags.is_show_fans_group === 1 && fansGroups.length > 0 && (
            <li>
              <details className={styles.dropdown}>
                <summary>{t('nav.fans')}</summary>
                <ul className={styles.submenu}>
                  {fansGroups.map((f) => (
                    <li key={f.url}>
                      <a href={f.url} target="_blank" rel="noopener noreferrer">
                        {f.group_name}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )}
          {flags.is_show_cs === 1 && (
            <li>
              <Link to="/service">{t('nav.service')}</Link>
            </li>
          )}
        </ul>
      </nav>
      <div className={styles.tools}>
        <LanguageSwitcher />
        <a className={styles.login} href={`${hosts.apps.passport}/login`}>
          {t('nav.login')}
        </a>
      </div>
    </header>
  );
}
