import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import {
  App,
  Button,
  ConfigProvider,
  Grid,
  Layout as AntLayout,
  Menu,
  Space,
  Spin,
  Typography,
  type MenuProps,
} from 'antd';
import { LanguageSelect } from './language-select.tsx';
import { menuGroups } from './screens.ts';
import {
  loginUrl,
  logout,
  passwordPath,
  requiredPath,
  securityPath,
  useSessionStore,
} from '../lib/staff-session.ts';
import { headerTheme } from '../lib/theme.ts';
import styles from './layout.module.css';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The console around every signed-in screen: the side menu lists only the screens the staff member may use,
 * the header names them and offers the password change, logout and the language. Without a session it sends
 * the visitor to the login; with a one-time password only the password change is reachable.
 */
export function Layout() {
  const { t } = useTranslation('admin');
  const session = useSessionStore((s) => s.session);
  const ended = useSessionStore((s) => s.ended);
  const location = useLocation();
  const navigate = useNavigate();
  // On a narrow screen (a phone, a split window) the menu starts closed and opens over the screen, which keeps
  // its whole width; choosing a screen closes it again.
  const narrow = Grid.useBreakpoint().md === false;
  const [collapsed, setCollapsed] = useState(
    () => window.matchMedia?.('(max-width: 767.98px)').matches ?? false,
  );
  const [leaving, setLeaving] = useState(false);
  const { message } = App.useApp();
  const main = useRef<HTMLDivElement>(null);
  const firstPath = useRef(location.pathname);

  // After a navigation inside the console, focus goes to the new screen, as a page load would put it.
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = location.pathname;
    main.current?.focus();
  }, [location.pathname]);

  if (!session) {
    // A screen's loader that met -101 redirects to the login itself (with the screen it was opening).
    if (ended === 'redirected') return <Spin className={styles.leaving} />;
    const back = ended === 'logout' ? '/login' : loginUrl(`${location.pathname}${location.search}`);
    return <Navigate to={back} replace />;
  }
  const required = requiredPath(session);
  // Held to the password change or to enrolment: no menu, no other screen.
  const oneTime = required !== null;
  if (required && location.pathname !== required) return <Navigate to={required} replace />;

  // Grouped by area (tickets, content, top-up, staff) as antd item groups: every entry stays one click away.
  const groups = menuGroups(session);
  const items = groups.flatMap(({ area, entries }): MenuItem[] => {
    const links = entries.map((entry) => ({
      key: entry.path,
      label: <Link to={entry.path}>{t(entry.titleKey)}</Link>,
    }));
    return area
      ? [
          {
            key: `area-${area}`,
            type: 'group' as const,
            label: t(`consoleHome.menuArea.${area}`),
            children: links,
          },
        ]
      : links;
  });
  const selected = groups
    .flatMap((g) => g.entries.map((e) => e.path))
    .filter((key) => location.pathname === key || location.pathname.startsWith(`${key}/`));
  const menuId = 'console-menu';

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
      await navigate('/login', { replace: true });
    } catch {
      setLeaving(false);
      void message.error(t('errors:common.network'));
    }
  };

  return (
    <AntLayout className={styles.frame}>
      <a className="skip-link" href="#console-main">
        {t('console.skipToContent')}
      </a>
      <AntLayout.Header className={styles.header}>
        {!oneTime && (
          <ConfigProvider theme={headerTheme}>
            <Button
              type="text"
              aria-controls={menuId}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? t('console.showMenu') : t('console.hideMenu')}
            </Button>
          </ConfigProvider>
        )}
        <Typography.Text strong className={`${styles.onHeader} ${styles.siteName}`}>
          {t('common:site.name')} · {t('console.title')}
        </Typography.Text>
        <Space wrap>
          <Typography.Text className={styles.onHeader}>
            {t('console.signedInAs', { name: session.account_name, account: session.account_id })}
          </Typography.Text>
          {location.pathname !== passwordPath && (
            <Link to={passwordPath} className={styles.onHeader}>
              {t('password.title')}
            </Link>
          )}
          {location.pathname !== securityPath && !oneTime && (
            <Link to={securityPath} className={styles.onHeader}>
              {t('secondFactor.title')}
            </Link>
          )}
          <Button onClick={() => void onLogout()} loading={leaving}>
            {t('console.logout')}
          </Button>
          <LanguageSelect />
        </Space>
      </AntLayout.Header>
      <AntLayout className={styles.body}>
        {!oneTime && (
          <AntLayout.Sider
            className={narrow ? styles.overlay : undefined}
            collapsible
            collapsed={collapsed}
            collapsedWidth={0}
            trigger={null}
            width={220}
            theme="light"
          >
            <nav id={menuId} aria-label={t('console.menu')} hidden={collapsed}>
              <Menu
                mode="inline"
                selectedKeys={selected}
                items={items}
                onClick={() => {
                  if (narrow) setCollapsed(true);
                }}
              />
            </nav>
          </AntLayout.Sider>
        )}
        {/* antd's Content is the page's <main>; the inner element takes the focus after a navigation. */}
        <AntLayout.Content className={styles.content}>
          <div id="console-main" ref={main} tabIndex={-1} className={styles.main}>
            <Outlet />
          </div>
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
