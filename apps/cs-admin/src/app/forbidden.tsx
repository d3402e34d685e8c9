import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Result, Typography } from 'antd';
import layout from '../lib/layout.module.css';

/** What a staff member sees on a screen their privileges do not open (typed URL, old bookmark). */
export function Forbidden() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={
        <Typography.Title level={1} className={layout.pageTitle}>
          {t('access.deniedTitle')}
        </Typography.Title>
      }
      subTitle={t('access.denied')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('access.home')}
        </Button>
      }
    />
  );
}
