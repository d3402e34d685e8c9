import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { Layout as AntLayout, Select, Spin, Typography } from 'antd';
import { currentLanguage, enabledLanguageOptions, isEnabledLanguage, switchLanguage } from '@gp/i18n';

export function Layout() {
  const { t } = useTranslation();
  const titleKey = (useMatches().at(-1)?.handle as { titleKey?: string } | undefined)?.titleKey;
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = `${title ? `${title} | ` : ''}${t('admin:console.title')}`;
  }, [title, t]);
  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <AntLayout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
          {t('common:site.name')} · {t('admin:console.title')}
        </Typography.Text>
        <Select
          aria-label={t('common:language.label')}
          value={currentLanguage()}
          style={{ width: 140 }}
          options={enabledLanguageOptions().map((o) => ({ value: o.value, label: o.label }))}
          onChange={(value: string) => {
            if (isEnabledLanguage(value)) switchLanguage(value);
          }}
        />
      </AntLayout.Header>
      <AntLayout.Content style={{ padding: 24 }}>
        <main>
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </main>
      </AntLayout.Content>
    </AntLayout>
  );
}
