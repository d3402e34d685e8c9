import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { App, ConfigProvider, Spin } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { antdLocale } from './locale.ts';

/**
 * antd's default blue (#1677ff) on white, and white on it, are 4.1:1, and its light grey hint text is fainter
 * still (placeholders 1.8:1): all miss WCAG AA (4.5:1), and agents read them all day. Its own darker blue (#0958d9) passes.
 */
const theme = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd derives hover colours lighter than the base (#2e7ae6: 4.2:1 under white text), and a button keeps its
    // hover colour while the pointer rests on it after a click: darker instead.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorErrorHover: '#a8071a',
    // Danger buttons (recall, delete) and error text: antd's #ff4d4f is 3.3:1 on white.
    colorError: '#cf1322',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    // Placeholders such as a filter's "Any" are read as values.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  },
};

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
    <ConfigProvider locale={antdLocale(i18n.language)} theme={theme} button={button}>
      {/* antd's App gives every screen message, modal and notification in this locale (App.useApp()). */}
      <App>
        <Suspense fallback={<Spin />}>
          <Outlet />
        </Suspense>
      </App>
    </ConfigProvider>
  );
}
