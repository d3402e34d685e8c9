import { useTranslation } from 'react-i18next';
import type { GameListItem } from '@gp/contracts/web';
import { ExternalLink } from '../../../components/external-link.tsx';
import { StateMessage } from '../../../components/state-message.tsx';
import styles from './game-grid.module.css';

/** Every game: icon and name, linking to the game's own site in a new tab. */
export function GameGrid({ games, eagerCount = 0 }: { games: GameListItem[]; eagerCount?: number }) {
  const { t } = useTranslation('portal');
  if (games.length === 0) return <StateMessage tone="empty" compact title={t('home.noGames')} />;
  return (
    <ul className={styles.grid}>
      {games.map((g, i) => (
        <li key={g.game_base_id} className={styles.card}>
          <ExternalLink href={g.url} className={styles.link}>
            <img
              src={g.game_icon}
              alt=""
              width={96}
              height={96}
              loading={i < eagerCount ? 'eager' : 'lazy'}
              decoding="async"
              className={styles.icon}
            />
            <span className={styles.name}>{g.game_name}</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
