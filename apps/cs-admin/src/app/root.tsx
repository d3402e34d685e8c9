import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { App, ConfigProvider, Spin } from 'antd';
import { antdLocale } from './locale.ts';

/** antd's light grey hint text misses WCAG AA contrast (4.5:1); agents read these hints all day. */
const theme = {
  token: { colorTextDescription: 'rgba(0, 0, 0, 0.65)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
};

/** Around every screen: antd in the console language, and the document title from the screen's title key. */
export function Root() {
  const { t, i18n } = useTranslation();
  const titleKey = (useMatches().at(-1)?.handle as { titleKey?: string } | undefined)?.titleKey;
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = `${title ? `${title} | ` : ''}${t('admin:console.title')}`;
  }, [title, t]);
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={theme}>
      {/* antd's App gives every screen message, modal and notification in this locale (App.useApp()). */}
      <App>
        <Suspense fallback={<Spin />}>
          <Outlet />
        </Suspense>
      </App>
    </ConfigProvider>
  );
}
