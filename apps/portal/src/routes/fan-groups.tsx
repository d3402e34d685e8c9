/** /fans_h5: the fan groups (loaded by the shell for the header), each linking to its community. */
import { useTranslation } from 'react-i18next';
import { useShellData } from '@gp/ui/shell-data';
import { FanGroupList } from '../features/fans/index.ts';
import { PageHeading } from '../components/page-heading.tsx';
import styles from './h5-list-page.module.css';

export default function FanGroups() {
  const { t } = useTranslation('portal');
  const { navigation } = useShellData();
  return (
    <div className={styles.page}>
      <PageHeading h5 title={t('common:routes.fans')} intro={t('fans.intro')} />
      <FanGroupList groups={navigation.fansGroups} layout="rows" />
    </div>
  );
}
