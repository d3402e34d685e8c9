import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { Typography } from 'antd';
import { navCalls, NavFlagsForm } from '../features/content/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';

export async function loader() {
  return navCalls.detail({});
}

/** The portal's menu flags (content): which header menus players see. */
export default function ContentNav() {
  const { t } = useTranslation('cms');
  const flags = useLoaderData<typeof loader>();
  return (
    <PageFrame title={t('nav.title')} plain>
      <Typography.Paragraph>{t('nav.intro')}</Typography.Paragraph>
      <NavFlagsForm flags={flags} />
    </PageFrame>
  );
}
