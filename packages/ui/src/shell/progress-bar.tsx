import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import styles from './progress-bar.module.css';

/** A thin bar at the top while the next page loads (spec 2). */
export function ProgressBar() {
  const { t } = useTranslation('common');
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return <div className={styles.bar} role="progressbar" aria-label={t('shell.loadingPage')} />;
}
