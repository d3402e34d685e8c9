import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { Card, Typography } from 'antd';
import { navCalls, NavFlagsForm } from '../features/content/index.ts';

export async function loader() {
  return navCalls.detail({});
}

/** The portal's menu flags (content): which header menus players see. */
export default function ContentNav() {
  const { t } = useTranslation('cms');
  const flags = useLoaderData<typeof loader>();
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('nav.title')}
        </Typography.Title>
      }
    >
      <Typography.Paragraph>{t('nav.intro')}</Typography.Paragraph>
      <NavFlagsForm flags={flags} />
    </Card>
  );
}
