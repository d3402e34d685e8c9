import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { App, ConfigProvider, Spin } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { antdLocale } from './locale.ts';
import { consoleTheme } from '../lib/theme.ts';

/**
 * A busy button shows its spinner at once, without antd's grow/shrink motion: a save that answers within a few
 * frames toggled the motion on and off so fast that it could stay in its leave step, leaving a "loading" button
 * that took no more clicks (seen in the console-content journey under CI load). A custom loading icon takes the
 * motion out of the way (antd Button renders it without CSSMotion).
 */
const button = { loadingIcon: <LoadingOutlined /> };

/** Around every screen: antd in the console language, and the document title from the screen's title key. */
export function Root() {
  const { t, i18n } = useTranslation();
  const titleKey = (useMatches().at(-1)?.handle as { titleKey?: string } | undefined)?.titleKey;
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = `${title ? `${title} | ` : ''}${t('admin:console.title')}`;
  }, [title, t]);
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={consoleTheme} button={button}>
      {/* antd's App gives every screen message, modal and notification in this locale (App.useApp()). */}
      <App>
        <Suspense fallback={<Spin />}>
          <Outlet />
        </Suspense>
      </App>
    </ConfigProvider>
  );
}
