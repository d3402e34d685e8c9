import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { gameList } from '@gp/contracts/web';
import { paySwitch } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../lib/api-client.ts';
import styles from './paygame.module.css';

export async function loader() {
  const [status, games] = await Promise.all([
    api.call(paySwitch, { distribution_region: site.distributionRegion }),
    api.call(gameList, {}),
  ]);
  return { open: status.main_switch_status === 1, games };
}

export default function Paygame() {
  const { t } = useTranslation('pay');
  const { open, games } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('paygame.heading')}</h1>
      {!open ? (
        <p role="status" className={styles.notice}>
          {t('paygame.switchOff')}
        </p>
      ) : games.length === 0 ? (
        <p className={styles.notice}>{t('paygame.noGames')}</p>
      ) : (
        <section aria-labelledby="choose-game">
          <h2 id="choose-game">{t('paygame.chooseGame')}</h2>
          <ul className={styles.games}>
            {games.map((g) => (
              <li key={g.game_base_id} className={styles.game}>
                <img src={g.game_icon} alt="" width={64} height={64} loading="lazy" />
                <span>{g.game_name}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
