import { useTranslation } from 'react-i18next';
import { useShellData } from '@gp/ui/shell-data';
import { GameGrid } from '../features/games/components/game-grid.tsx';
import styles from './home.module.css';

export default function Home() {
  const { t } = useTranslation('portal');
  const { navigation } = useShellData();
  return (
    <>
      <section className={styles.hero}>
        <h1>{t('home.heading')}</h1>
        <p>{t('home.intro')}</p>
      </section>
      <section aria-labelledby="games-heading" className={styles.section}>
        <h2 id="games-heading">{t('home.gamesHeading')}</h2>
        <GameGrid games={navigation.games} />
      </section>
      {navigation.fansGroups.length > 0 && (
        <section aria-labelledby="fans-heading" className={styles.section}>
          <h2 id="fans-heading">{t('home.fansHeading')}</h2>
          <ul className={styles.fans}>
            {navigation.fansGroups.map((f) => (
              <li key={f.url}>
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  {f.group_name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
