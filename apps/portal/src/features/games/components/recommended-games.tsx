import { useTranslation } from 'react-i18next';
import type { RecommendedGame } from '@gp/contracts/web';
import { ExternalLink } from '../../../components/external-link.tsx';
import { StateMessage } from '../../../components/state-message.tsx';
import styles from './recommended-games.module.css';

/** The games the home page recommends: icon, name (the link to the game's own site, in a new tab), pitch. */
export function RecommendedGames({ games, h5 }: { games: RecommendedGame[]; h5: boolean }) {
  const { t } = useTranslation('portal');
  if (games.length === 0) return <StateMessage tone="empty" compact title={t('home.noGames')} />;
  return (
    <ul className={h5 ? `${styles.list} ${styles.h5}` : styles.list}>
      {games.map((g) => (
        <li key={g.game_base_id} className={styles.card}>
          <img
            className={styles.icon}
            src={g.game_icon}
            alt=""
            width={h5 ? 64 : 88}
            height={h5 ? 64 : 88}
            loading="lazy"
            decoding="async"
          />
          <div className={styles.text}>
            <h3 className={styles.name}>
              <ExternalLink href={g.url} className={styles.link}>
                {g.game_name}
              </ExternalLink>
            </h3>
            <p className={styles.tagline}>{g.tagline}</p>
            <p className={styles.description}>{g.description}</p>
          </div>
          <span className={styles.visit} aria-hidden="true">
            {t('home.visitSite')} <span className={styles.arrow}>↗</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
