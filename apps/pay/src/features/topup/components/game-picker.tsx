/**
 * The first step, choosing the game: on desktop, radio cards inside the wizard; on H5, links to the next page.
 * The region keeps the name "Choose a game to top up" and one list item per game in both forms.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PayGameItem } from '@gp/contracts/pay';
import { ChoiceCard } from './choice.tsx';
import styles from './topup.module.css';
import h5Styles from './game-links.module.css';

function GameIcon({ game, size }: { game: PayGameItem; size: number }) {
  return game.game_icon ? (
    <img
      className={styles.cardMedia}
      src={game.game_icon}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className={styles.cardMedia} style={{ width: size, height: size }} aria-hidden="true" />
  );
}

export function GameChoices({
  games,
  chosen,
  onChoose,
}: {
  games: PayGameItem[];
  chosen: number | undefined;
  onChoose: (game: PayGameItem) => void;
}) {
  const { t } = useTranslation('pay');
  return (
    <section aria-labelledby="choose-game">
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <h2 id="choose-game">{t('paygame.chooseGame')}</h2>
        </legend>
        <ul className={styles.cards}>
          {games.map((game) => (
            <ChoiceCard
              key={game.game_base_id}
              className={styles.gameCard}
              name="game"
              value={String(game.game_base_id)}
              checked={game.game_base_id === chosen}
              onChoose={() => onChoose(game)}
              media={<GameIcon game={game} size={64} />}
              label={game.game_name}
            />
          ))}
        </ul>
      </fieldset>
    </section>
  );
}

export function GameLinks({
  games,
  hrefOf,
}: {
  games: PayGameItem[];
  hrefOf: (game: PayGameItem) => string;
}) {
  const { t } = useTranslation('pay');
  return (
    <section aria-labelledby="choose-game">
      <h2 id="choose-game" className={h5Styles.title}>
        {t('paygame.chooseGame')}
      </h2>
      <ul className={h5Styles.list}>
        {games.map((game) => (
          <li key={game.game_base_id}>
            <Link className={h5Styles.link} to={hrefOf(game)}>
              <GameIcon game={game} size={56} />
              <span>{game.game_name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
