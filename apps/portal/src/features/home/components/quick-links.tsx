import { useTranslation } from 'react-i18next';
import type { NavFlags } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import styles from './quick-links.module.css';

const icons = {
  news: 'M4 4h13v3h3v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4Zm2 2v12h9V6H6Zm11 3v9h1V9h-1ZM7 8h7v2H7V8Zm0 4h7v2H7v-2Z',
  events:
    'M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2ZM5 9v10h14V9H5Zm7 1.5 1.2 2.5 2.8.4-2 1.9.5 2.7-2.5-1.3-2.5 1.3.5-2.7-2-1.9 2.8-.4 1.2-2.5Z',
  games:
    'M7 7h10a5 5 0 0 1 0 10c-1.5 0-2.5-.7-3.2-1.5h-3.6C9.5 16.3 8.5 17 7 17A5 5 0 0 1 7 7Zm0 3v1.5H5.5v1H7V14h1v-1.5h1.5v-1H8V10H7Zm8.5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm2 2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  fans: 'M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Zm8 0c-.3 0-.7 0-1.1.1 1.2.9 2.1 2.1 2.1 3.9v2h7v-2c0-2.7-5.3-4-8-4Z',
} as const;

/**
 * The H5 header has no menu (spec 2), so the H5 home leads to news, events, the game list and the fan groups.
 * The server's nav flags hide the same entries they hide in the desktop menu; events have no flag.
 */
export function QuickLinks({ flags }: { flags: NavFlags }) {
  const { t } = useTranslation('portal');
  const links = [
    flags.is_show_news === 1 && { to: '/news', label: t('common:nav.news'), icon: icons.news },
    { to: '/active', label: t('common:routes.active'), icon: icons.events },
    flags.is_show_game === 1 && { to: '/gamelist_h5', label: t('common:nav.games'), icon: icons.games },
    flags.is_show_fans_group === 1 && { to: '/fans_h5', label: t('common:nav.fans'), icon: icons.fans },
  ].filter((l) => l !== false);
  return (
    <nav aria-label={t('home.explore')} className={styles.nav}>
      <ul className={styles.list}>
        {links.map((l) => (
          <li key={l.to}>
            <SiteLink to={l.to} className={styles.link}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
                <path fill="currentColor" d={l.icon} />
              </svg>
              {l.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
