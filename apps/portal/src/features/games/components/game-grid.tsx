import { useTranslation } from 'react-i18next';
import type { GameListItem } from '@gp/contracts/web';
import styles from './game-grid.module.css';

export function GameGrid({ games }: { games: GameListItem[] }) {
  const { t } = useTranslation('portal');
  if (games.length === 0) return <p className={styles.empty}>{t('home.noGames')}</p>;
  return (
    <ul className={styles.grid}>
      {games.map((g) => (
        <li key={g.game_base_id} className={styles.card}>
          <a href={g.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
            <img src={g.game_icon} alt="" width={96} height={96} loading="lazy" className={styles.icon} />
            <span className={styles.name}>{g.game_name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
