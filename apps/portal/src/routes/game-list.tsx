/** /gamelist_h5: every game (the shell has loaded the list for the header), each linking to its own site. */
import { useTranslation } from 'react-i18next';
import { useShellNavigation } from '@gp/ui/shell-data';
import { GameGrid } from '../features/games/index.ts';
import styles from './h5-list-page.module.css';

export default function GameList() {
  const { t } = useTranslation('portal');
  const navigation = useShellNavigation();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('common:routes.gamelist')}</h1>
      <p className={styles.intro}>{t('gamelist.intro')}</p>
      {/* The first row of icons is on screen at once. */}
      <GameGrid games={navigation.games} eagerCount={2} />
    </div>
  );
}
