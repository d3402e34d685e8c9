import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenResult } from './screen-result.tsx';

/** What a staff member sees on a screen their privileges do not open (typed URL, old bookmark). */
export function Forbidden() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <ScreenResult
      status="403"
      title={t('access.deniedTitle')}
      subTitle={t('access.denied')}
      action={t('access.home')}
      onAction={() => void navigate('/')}
    />
  );
}
