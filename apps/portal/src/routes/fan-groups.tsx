/** /fans_h5: the fan groups (loaded by the shell for the header), each linking to its community. */
import { useTranslation } from 'react-i18next';
import { useShellNavigation } from '@gp/ui/shell-data';
import { FanGroupList } from '../features/fans/index.ts';
import styles from './h5-list-page.module.css';

export default function FanGroups() {
  const { t } = useTranslation('portal');
  const navigation = useShellNavigation();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('common:routes.fans')}</h1>
      <p className={styles.intro}>{t('fans.intro')}</p>
      <FanGroupList groups={navigation.fansGroups} layout="rows" />
    </div>
  );
}
