/**
 * The desktop header (spec 2 "Layout"): logo home; menu items as the server's nav flags say (news, games with
 * icon and name, top-up, fan groups, customer service - the last shown even when the nav call failed); the
 * language dropdown; the login entry, or a greeting with the account menu (account settings for account-type
 * users only, logout), which closes 500 ms after the pointer leaves.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountUser } from '@gp/contracts/passport';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { HoverMenu } from './hover-menu.tsx';
import { afterLogoutUrl, loginUrl, logout } from './session.ts';
import { usePageUrl, useShell } from './shell-context.tsx';
import { useShellData } from './shell-data.ts';
import { unseenUntilKnown } from '../until-known.ts';
import { SiteLink } from './site-link.tsx';
import styles from './site-header.module.css';

export function SiteHeader() {
  const { t } = useTranslation('common');
  const shell = useShell();
  const pageUrl = usePageUrl();
  const { navigation, user, userKnown } = useShellData();
  const { flags, games, fansGroups } = navigation;
  const [logoutError, setLogoutError] = useState('');

  const onLogout = async () => {
    setLogoutError('');
    try {
      await logout(shell.api);
      window.location.assign(afterLogoutUrl(shell.hosts, false, new URL(window.location.href)));
    } catch (error) {
      setLogoutError(
        error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network'),
      );
    }
  };

  return (
    <header className={styles.header}>
      <SiteLink to="/" className={styles.logo} aria-label={t('site.home')}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>{t('site.name')}</span>
      </SiteLink>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        <ul className={styles.menu}>
          {flags.is_show_news === 1 && (
            <li>
              <SiteLink to="/news">{t('nav.news')}</SiteLink>
            </li>
          )}
          {flags.is_show_game === 1 && games.length > 0 && (
            <li>
              <HoverMenu label={t('nav.games')} closeDelayMs={200}>
                <ul>
                  {games.map((g) => (
                    <li key={g.game_base_id}>
                      <a href={g.url} target="_blank" rel="noopener noreferrer">
                        <img src={g.game_icon} alt="" width={24} height={24} loading="lazy" />
                        {g.game_name}
                      </a>
                    </li>
                  ))}
                </ul>
              </HoverMenu>
            </li>
          )}
          {flags.is_show_invest === 1 && (
            <li>
              <SiteLink to="/paygame/">{t('nav.pay')}</SiteLink>
            </li>
          )}
          {flags.is_show_fans_group === 1 && fansGroups.length > 0 && (
            <li>
              <HoverMenu label={t('nav.fans')} closeDelayMs={200}>
                <ul>
                  {fansGroups.map((f) => (
                    <li key={f.url}>
                      <a href={f.url} target="_blank" rel="noopener noreferrer">
                        {f.group_name}
                      </a>
                    </li>
                  ))}
                </ul>
              </HoverMenu>
            </li>
          )}
          {flags.is_show_cs === 1 && (
            <li>
              <SiteLink to="/service">{t('nav.service')}</SiteLink>
            </li>
          )}
        </ul>
      </nav>
      <div className={styles.tools}>
        <LanguageSwitcher />
        {user ? (
          <HoverMenu label={t('header.greeting', { name: user.nickName })} align="end">
            <ul>
              {isAccountUser(user) && (
                <li>
                  <SiteLink to="/account">{t('header.account')}</SiteLink>
                </li>
              )}
              <li>
                <button type="button" onClick={() => void onLogout()}>
                  {t('header.logout')}
                </button>
              </li>
            </ul>
            {logoutError && (
              <p role="alert" className={styles.error}>
                {logoutError}
              </p>
            )}
          </HoverMenu>
        ) : (
          <a
            className={unseenUntilKnown(styles.login, userKnown)}
            href={loginUrl(shell.hosts, false, pageUrl)}
          >
            {t('nav.login')}
          </a>
        )}
      </div>
    </header>
  );
}
